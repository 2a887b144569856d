'use client'

import { useActionState, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { Field } from '@/components/ui/field'
import { useSettingsToast } from '@/components/settings/use-settings-toast'
import { toast } from '@/components/ui/toast'
import { formatDate } from '@/lib/dates'
import { formatNumber } from '@/lib/numbers'
import {
  createTemplateAction,
  setTemplateArchivedAction,
  updateTemplateAction,
  type TemplateFormState,
} from '@/lib/sms/actions'
import { TEMPLATE_VARIABLES } from '@/lib/sms/template-variables'
import { SmsLength } from './sms-length'

export type ManagedTemplate = { id: string; name: string; body: string; archivedAt: string | null; updatedAt: string }

/**
 * /v2/settings/templates: the organisation's SMS templates. Administrators (settings.templates.modify) create, edit,
 * archive and restore them; the others read them.
 */
export function TemplatesManager({ templates, canModify }: { templates: ManagedTemplate[]; canModify: boolean }) {
  const [editing, setEditing] = useState<ManagedTemplate | 'new' | null>(null)
  const [archiving, setArchiving] = useState<ManagedTemplate | null>(null)
  const [pending, setPending] = useState(false)
  const active = templates.filter((t) => !t.archivedAt)
  const archived = templates.filter((t) => t.archivedAt)

  async function setArchived(template: ManagedTemplate, value: boolean) {
    setPending(true)
    try {
      const state = await setTemplateArchivedAction(template.id, value)
      if (state.ok) toast.success(state.message ?? 'Modèle enregistré.')
      else toast.error(state.error ?? 'Le modèle n’a pas pu être modifié.')
      setArchiving(null)
    } catch {
      toast.error('Le modèle n’a pas pu être modifié. Réessayez dans un instant.')
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {canModify && (
        <div>
          <Button onClick={() => setEditing('new')}>Nouveau modèle</Button>
        </div>
      )}
      {active.length === 0 ? (
        <EmptyState title="Aucun modèle de SMS.">
          {canModify
            ? 'Créez-en un\u00a0: les conseillers le choisiront au moment d’écrire, ses variables complétées pour chaque candidat.'
            : 'Un administrateur peut en créer.'}
        </EmptyState>
      ) : (
        <TemplateList
          title="Modèles proposés à l’envoi"
          templates={active}
          canModify={canModify}
          onEdit={setEditing}
          onArchive={setArchiving}
        />
      )}
      {archived.length > 0 && (
        <TemplateList
          title="Modèles archivés"
          templates={archived}
          canModify={canModify}
          onEdit={setEditing}
          onRestore={(t) => setArchived(t, false)}
          pending={pending}
        />
      )}
      {editing && <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!archiving}
        onOpenChange={(open) => !open && setArchiving(null)}
        title="Archiver ce modèle&nbsp;?"
        description={`«\u00a0${archiving?.name ?? ''}\u00a0» ne sera plus proposé à l’envoi. Les SMS déjà écrits avec lui ne changent pas, et vous pourrez le restaurer.`}
        confirmLabel="Archiver"
        onConfirm={() => archiving && setArchived(archiving, true)}
        pending={pending}
      />
    </div>
  )
}

function TemplateList({
  title,
  templates,
  canModify,
  onEdit,
  onArchive,
  onRestore,
  pending,
}: {
  title: string
  templates: ManagedTemplate[]
  canModify: boolean
  onEdit: (t: ManagedTemplate) => void
  onArchive?: (t: ManagedTemplate) => void
  onRestore?: (t: ManagedTemplate) => void
  pending?: boolean
}) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-base font-semibold text-slate-900">
        {title} ({formatNumber(templates.length)})
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2">
        {templates.map((t) => (
          <li key={t.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{t.name}</h3>
              <p className="text-xs text-slate-600">Modifié le {formatDate(t.updatedAt)}</p>
            </div>
            <p className="text-sm whitespace-pre-wrap text-slate-800">{t.body}</p>
            {canModify && (
              <div className="flex flex-wrap gap-2">
                {!t.archivedAt && (
                  <Button variant="secondary" onClick={() => onEdit(t)}>
                    Modifier<span className="sr-only"> le modèle {t.name}</span>
                  </Button>
                )}
                {onArchive && (
                  <Button variant="ghost" onClick={() => onArchive(t)}>
                    Archiver<span className="sr-only"> le modèle {t.name}</span>
                  </Button>
                )}
                {onRestore && (
                  <Button variant="secondary" onClick={() => onRestore(t)} disabled={pending}>
                    Restaurer<span className="sr-only"> le modèle {t.name}</span>
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

function TemplateDialog({ template, onClose }: { template: ManagedTemplate | null; onClose: () => void }) {
  const action = template ? updateTemplateAction.bind(null, template.id) : createTemplateAction
  const [state, formAction, pending] = useActionState<TemplateFormState, FormData>(action, {})
  useSettingsToast(state, onClose)
  const [body, setBody] = useState(state.values?.body ?? template?.body ?? '')
  const bodyId = useId()
  const counterId = useId()
  const errorId = useId()
  const errors = state.fieldErrors ?? {}

  function insert(variable: string) {
    setBody((b) => `${b}${b && !b.endsWith(' ') ? ' ' : ''}{${variable}}`)
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={template ? 'Modifier le modèle' : 'Nouveau modèle de SMS'}
      wide
    >
      <form action={formAction} noValidate className="flex flex-col gap-4">
        <Field
          label="Nom du modèle"
          name="name"
          defaultValue={state.values?.name ?? template?.name ?? ''}
          required
          maxLength={100}
          error={errors.name}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={bodyId} className="text-sm font-medium text-slate-800">
            Texte
          </label>
          <textarea
            id={bodyId}
            name="body"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={5}
            maxLength={2000}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={[counterId, errors.body ? errorId : ''].filter(Boolean).join(' ')}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <SmsLength id={counterId} text={body.trim()} />
          {errors.body && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {errors.body}
            </p>
          )}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">Insérer une variable</legend>
          <div className="flex flex-wrap gap-2">
            {Object.entries(TEMPLATE_VARIABLES).map(([name, label]) => (
              <button
                key={name}
                type="button"
                onClick={() => insert(name)}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800 hover:bg-slate-100"
              >
                <span className="font-mono">{`{${name}}`}</span> <span className="text-slate-600">{label}</span>
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
