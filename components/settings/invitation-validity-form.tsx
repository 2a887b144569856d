'use client'

import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { saveInvitationValidityAction } from '@/lib/settings/actions'
import type { ThemeValidity } from '@/lib/settings/invitation-validity'

type Row = { theme: string; validityDays: string; optional: boolean }

/**
 * "Invitations": how long an invitation to each of the organisation's workshop themes stays valid (4 to 90 days, 10 by
 * default), or no limit for an optional workshop. One form for every theme.
 */
export function InvitationValidityForm({ themes }: { themes: ThemeValidity[] }) {
  const form = useActionForm({
    initial: {
      themes: themes.map((t): Row => ({ ...t, validityDays: String(t.validityDays) })),
    },
    action: (values) => saveInvitationValidityAction(values),
    success: 'Validité des invitations enregistrée.',
  })
  const setRow = (i: number, patch: Partial<Row>) => {
    form.set({ themes: form.values.themes.map((r, k) => (k === i ? { ...r, ...patch } : r)) })
  }
  return (
    <section
      aria-labelledby="invitation-validity-title"
      className="flex max-w-2xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="invitation-validity-title" className="text-lg font-semibold text-slate-900">
          Invitations aux ateliers
        </h2>
        <p className="text-sm text-slate-700">
          Une personne invitée choisit sa séance parmi celles qui ont lieu pendant la validité de son invitation. Une
          invitation déjà envoyée garde sa date limite.
        </p>
      </div>
      {themes.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Aucun thème d’atelier pour l’instant&nbsp;: donnez un thème à vos ateliers pour régler la validité de leurs
          invitations.
        </p>
      ) : (
        <form {...form.formProps} className="flex flex-col gap-4">
          <ErrorSummary form={form} />
          <ul className="flex flex-col gap-3">
            {form.values.themes.map((row, i) => (
              <li key={row.theme}>
                <fieldset className="flex flex-wrap items-end gap-x-6 gap-y-2 rounded-md border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-semibold break-words text-slate-900">{row.theme}</legend>
                  <FormField
                    label="Validité (jours)"
                    type="number"
                    inputMode="numeric"
                    min={4}
                    max={90}
                    step={1}
                    value={row.validityDays}
                    onChange={(validityDays) => setRow(i, { validityDays })}
                    error={form.errors[`themes.${i}.validityDays`]}
                    hint={
                      row.optional
                        ? 'Sans effet tant que l’atelier est facultatif.'
                        : 'De 4 à 90 jours (10 par défaut).'
                    }
                    className="w-44"
                  />
                  <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={row.optional}
                      onChange={(e) => setRow(i, { optional: e.target.checked })}
                      className="h-4 w-4 accent-brand-700"
                    />
                    Atelier facultatif, sans date limite
                  </label>
                </fieldset>
              </li>
            ))}
          </ul>
          <div>
            <Button type="submit" disabled={form.pending}>
              {form.pending ? 'Enregistrement…' : 'Appliquer ces durées de validité'}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
