'use client'

import { EmptyState } from '@/components/ui/empty-state'
import { useActionState, useId, useState, useTransition } from 'react'
import { Icon } from '@/components/ui/icon'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import type { SettingsFormState } from '@/lib/settings/actions'
import {
  archiveCustomFieldAction,
  createCustomFieldAction,
  moveCustomFieldAction,
  updateCustomFieldAction,
} from '@/lib/settings/custom-field-actions'
import { formatDate } from '@/lib/dates'
import { formatCount } from '@/lib/numbers'
import { FIELD_TYPE_LABELS } from '@/lib/labels'
import { SelectField } from './select-field'
import { useSettingsToast } from './use-settings-toast'
import { useRefusalFocus } from '@/components/ui/use-action-form'

export type FieldRow = {
  id: string
  key: string
  label: string
  type: string
  required: boolean
  options: { value: string; label: string }[]
  withValues: number
  archivedAt: string | null
}

const TYPE_OPTIONS = Object.entries(FIELD_TYPE_LABELS).map(([value, label]) => ({ value, label }))
const isList = (type: string) => type === 'list' || type === 'listMultiple'
const count = (n: number) => (n === 0 ? 'aucun candidat' : formatCount(n, 'candidat'))

/** /v2/settings/custom-fields: the organisation's fields in their order — add, edit, move up or down, archive. */
export function CustomFieldsManager({ active, archived }: { active: FieldRow[]; archived: FieldRow[] }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <FieldDialog />
      </div>
      {active.length === 0 ? (
        <EmptyState title="Aucun champ personnalisé.">
          Les champs personnalisés complètent la fiche de vos candidats&nbsp;: «&nbsp;Ajouter un champ&nbsp;» crée le
          premier.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Champs personnalisés, dans l’ordre du formulaire</caption>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-4">
                  Ordre
                </th>
                <th scope="col" className="px-2 py-2 sm:px-4">
                  Champ
                </th>
                <th scope="col" className="hidden px-4 py-2 md:table-cell">
                  Type
                </th>
                <th scope="col" className="hidden px-4 py-2 md:table-cell">
                  Obligatoire
                </th>
                <th scope="col" className="hidden px-4 py-2 md:table-cell">
                  Valeurs saisies
                </th>
                <th scope="col" className="px-2 py-2 sm:px-4">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {active.map((field, index) => (
                <ActiveRow key={field.id} field={field} first={index === 0} last={index === active.length - 1} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {archived.length > 0 && (
        <section aria-labelledby="archived-fields" className="flex flex-col gap-2">
          <h2 id="archived-fields" className="text-lg font-semibold text-slate-900">
            Champs archivés
          </h2>
          <p className="text-sm text-slate-600">
            Ils ne sont plus dans les formulaires&nbsp;; les valeurs déjà saisies restent dans la fiche des candidats.
          </p>
          <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {archived.map((f) => (
              <li key={f.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span className="font-medium text-slate-900">{f.label}</span>
                <span className="text-slate-600">
                  {FIELD_TYPE_LABELS[f.type]} · {count(f.withValues)} avec une valeur · archivé le{' '}
                  {formatDate(f.archivedAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function ActiveRow({ field, first, last }: { field: FieldRow; first: boolean; last: boolean }) {
  const [pending, start] = useTransition()
  const [state, setState] = useState<SettingsFormState>({})
  const [confirming, setConfirming] = useState(false)
  useSettingsToast(state, () => setConfirming(false))
  const move = (direction: 'up' | 'down') =>
    start(async () => setState(await moveCustomFieldAction(field.id, direction)))
  const archive = () => start(async () => setState(await archiveCustomFieldAction(field.id, true)))
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-2 py-2 sm:px-4">
        <div className="flex flex-col gap-1 sm:flex-row">
          <Button
            variant="ghost"
            className="px-2"
            aria-label={`Monter « ${field.label} »`}
            disabled={first || pending}
            onClick={() => move('up')}
          >
            <Icon name="arrow-up" size={16} />
          </Button>
          <Button
            variant="ghost"
            className="px-2"
            aria-label={`Descendre « ${field.label} »`}
            disabled={last || pending}
            onClick={() => move('down')}
          >
            <Icon name="arrow-down" size={16} />
          </Button>
        </div>
      </td>
      <th scope="row" className="px-2 py-2 break-words sm:px-4 font-medium text-slate-900">
        {field.label}
        {isList(field.type) && (
          <span className="block text-xs font-normal text-slate-600">
            {field.options.map((o) => o.label).join(' · ')}
          </span>
        )}
        {/* On a phone, the three columns below are this line. */}
        <span className="block text-xs font-normal text-slate-600 md:hidden">
          {FIELD_TYPE_LABELS[field.type]} · {field.required ? 'obligatoire' : 'facultatif'} · {count(field.withValues)}
        </span>
      </th>
      <td className="hidden px-4 py-2 md:table-cell">{FIELD_TYPE_LABELS[field.type]}</td>
      <td className="hidden px-4 py-2 md:table-cell">{field.required ? 'Oui' : 'Non'}</td>
      <td className="hidden px-4 py-2 md:table-cell">{count(field.withValues)}</td>
      <td className="px-2 py-2 sm:px-4">
        <div className="flex flex-col items-end gap-2 lg:flex-row lg:justify-end">
          <FieldDialog field={field} />
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Archiver<span className="sr-only"> « {field.label} »</span>
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Archiver « ${field.label} »\u00a0?`}
          description={
            field.withValues > 0
              ? `${count(field.withValues)} ${field.withValues > 1 ? 'ont' : 'a'} une valeur pour ce champ. Le champ quitte les formulaires\u00a0; ces valeurs restent dans l’historique et la fiche des candidats.`
              : 'Le champ quitte les formulaires. Aucun candidat n’a de valeur pour ce champ.'
          }
          confirmLabel="Archiver le champ"
          onConfirm={archive}
          pending={pending}
        />
      </td>
    </tr>
  )
}

/** "Ajouter un champ", or "Modifier" on a row: the type of an existing field stays (its values are stored in its shape). */
function FieldDialog({ field }: { field?: FieldRow }) {
  const [open, setOpen] = useState(false)
  const action = field ? updateCustomFieldAction.bind(null, field.id) : createCustomFieldAction
  const [state, formAction, pending] = useActionState<SettingsFormState, FormData>(action, {})
  useSettingsToast(state, () => setOpen(false))
  const title = field ? `Modifier « ${field.label} »` : 'Ajouter un champ'
  return (
    <>
      <Button variant={field ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
        {field ? (
          <>
            Modifier<span className="sr-only"> « {field.label} »</span>
          </>
        ) : (
          'Ajouter un champ'
        )}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description="Le champ s’ajoute au formulaire de création et de modification des candidats."
      >
        {/* A new form for each answer: it shows what was sent, with the errors (React resets a form after its action). */}
        <FieldForm
          key={JSON.stringify(state)}
          field={field}
          state={state}
          formAction={formAction}
          pending={pending}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  )
}

function FieldForm({
  field,
  state,
  formAction,
  pending,
  onCancel,
}: {
  field?: FieldRow
  state: SettingsFormState
  formAction: (formData: FormData) => void
  pending: boolean
  onCancel: () => void
}) {
  const formRef = useRefusalFocus(state)
  const errors = state.fieldErrors ?? {}
  const v = state.values ?? {}
  const [type, setType] = useState(field?.type ?? v.type ?? 'text')
  const optionsId = useId()
  const requiredId = useId()
  return (
    <form ref={formRef} action={formAction} className="flex flex-col gap-4" noValidate>
      <Field
        label="Libellé"
        name="label"
        required
        maxLength={100}
        autoComplete="off"
        defaultValue={v.label ?? field?.label ?? ''}
        error={errors.label}
      />
      {field ? (
        <p className="text-sm text-slate-700">
          Type&nbsp;: {FIELD_TYPE_LABELS[field.type]}{' '}
          <span className="text-slate-600">(il ne change plus une fois le champ créé)</span>
        </p>
      ) : (
        <SelectField
          label="Type"
          name="type"
          defaultValue={type}
          onChange={(e) => setType(e.target.value)}
          options={TYPE_OPTIONS}
          error={errors.type}
        />
      )}
      {isList(type) && (
        <div className="flex flex-col gap-1">
          <label htmlFor={optionsId} className="text-sm font-medium text-slate-800">
            Choix de la liste
          </label>
          <textarea
            id={optionsId}
            name="options"
            rows={5}
            defaultValue={v.options ?? field?.options.map((o) => o.label).join('\n') ?? ''}
            aria-describedby={`${optionsId}-hint${errors.options ? ` ${optionsId}-error` : ''}`}
            aria-invalid={errors.options ? true : undefined}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <p id={`${optionsId}-hint`} className="text-xs text-slate-600">
            Un choix par ligne, 50 au plus.
          </p>
          {errors.options && (
            <p id={`${optionsId}-error`} className="text-sm text-red-700">
              {errors.options}
            </p>
          )}
        </div>
      )}
      <div className="flex items-center gap-2">
        <input
          id={requiredId}
          type="checkbox"
          name="required"
          defaultChecked={state.values ? v.required === 'on' : field?.required}
          className="h-4 w-4 accent-brand-700"
        />
        <label htmlFor={requiredId} className="text-sm text-slate-800">
          Obligatoire à la création et à la modification d’un candidat
        </label>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Enregistrement…' : field ? 'Enregistrer' : 'Ajouter le champ'}
        </Button>
      </div>
    </form>
  )
}
