'use client'

import { useId, useState, useTransition } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { SelectField } from '@/components/settings/select-field'
import { toast } from '@/components/ui/toast'
import { requestExportAction } from '@/lib/exports/actions'
import type { DatasetChoice } from '@/lib/exports/datasets'

type Choice = { value: string; label: string }
type Props = {
  datasets: DatasetChoice[]
  customFields: Choice[]
  statuses: Choice[]
  places: Choice[]
  states: Choice[]
  smsStatuses: Choice[]
  onRequested: () => void
}

/** "Nouvel export": the data set, its columns (the NIR is never offered), filters and format; the job runs in the background. */
export function ExportForm({ datasets, customFields, statuses, places, states, smsStatuses, onRequested }: Props) {
  const [datasetKey, setDatasetKey] = useState(datasets[0]!.key)
  const dataset = datasets.find((d) => d.key === datasetKey)!
  const columns = [
    ...dataset.columns,
    ...(dataset.key === 'candidates' ? customFields.map((f) => ({ key: `cf:${f.value}`, label: f.label })) : []),
  ]
  const [selected, setSelected] = useState<Set<string>>(() => new Set(columns.map((c) => c.key)))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, startTransition] = useTransition()
  const columnsErrorId = useId()
  const listErrorId = useId()

  const chooseDataset = (key: string) => {
    const next = datasets.find((d) => d.key === key)!
    setDatasetKey(next.key)
    setSelected(
      new Set([
        ...next.columns.map((c) => c.key),
        ...(next.key === 'candidates' ? customFields.map((f) => `cf:${f.value}`) : []),
      ]),
    )
    setErrors({})
  }
  const toggle = (key: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(key)
      else next.delete(key)
      return next
    })

  const submit = (form: FormData) => {
    const input = {
      dataset: datasetKey,
      format: form.get('format') ?? '',
      columns: columns.map((c) => c.key).filter((k) => selected.has(k)),
      from: form.get('from') ?? '',
      to: form.get('to') ?? '',
      state: form.get('state') ?? '',
      smsStatus: form.get('smsStatus') ?? '',
      statusIds: form.getAll('statusIds'),
      placeIds: form.getAll('placeIds'),
    }
    startTransition(async () => {
      const result = await requestExportAction(input)
      if (result.ok) {
        setErrors({})
        toast.success('Export lancé.', {
          description: 'Il se prépare en arrière-plan\u00a0: suivez sa progression dans «\u00a0Mes exports\u00a0».',
        })
        onRequested()
        return
      }
      setErrors(result.fieldErrors ?? {})
      toast.error(result.error ?? 'Vérifiez les champs signalés.')
    })
  }

  return (
    // onSubmit, not `action`: React resets a form after its action, which threw away the format, dates and places
    // chosen whenever the server refused the request.
    <form
      onSubmit={(event) => {
        event.preventDefault()
        submit(new FormData(event.currentTarget))
      }}
      className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      noValidate
      aria-labelledby="new-export-title"
    >
      <h2 id="new-export-title" className="text-lg font-semibold text-slate-900">
        Nouvel export
      </h2>
      <SelectField
        label="Données"
        name="dataset"
        value={datasetKey}
        onChange={(e) => chooseDataset(e.target.value)}
        options={datasets.map((d) => ({ value: d.key, label: d.label }))}
        error={errors.dataset}
        className="max-w-sm"
      />
      <fieldset className="flex flex-col gap-3" aria-describedby={errors.columns ? columnsErrorId : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Colonnes</legend>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setSelected(new Set(columns.map((c) => c.key)))}>
            Tout cocher
          </Button>
          <Button variant="secondary" onClick={() => setSelected(new Set())}>
            Tout décocher
          </Button>
        </div>
        <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {columns.map((c) => (
            <label key={c.key} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={selected.has(c.key)}
                onChange={(e) => toggle(c.key, e.target.checked)}
                className="h-4 w-4 accent-brand-700"
              />
              {c.label}
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-600">Le numéro de sécurité sociale n’est jamais exporté.</p>
        {errors.columns && (
          <p id={columnsErrorId} className="text-sm text-red-700">
            {errors.columns}
          </p>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Filtres</legend>
        <div className="flex flex-wrap gap-4">
          <Field
            label={`${dataset.dateLabel}\u00a0: du`}
            name="from"
            type="date"
            error={errors.from}
            className="w-48"
          />
          <Field label={`${dataset.dateLabel}\u00a0: au`} name="to" type="date" error={errors.to} className="w-48" />
          {dataset.filters.includes('state') && (
            <SelectField
              label="État"
              name="state"
              options={[{ value: '', label: 'Tous' }, ...states]}
              error={errors.state}
              className="w-56"
            />
          )}
          {dataset.filters.includes('smsStatus') && (
            <SelectField
              label="Statut du SMS"
              name="smsStatus"
              options={[{ value: '', label: 'Tous' }, ...smsStatuses]}
              error={errors.smsStatus}
              className="w-56"
            />
          )}
        </div>
        {dataset.filters.includes('status') && statuses.length > 0 && (
          <CheckboxGroup legend="Statuts (tous si aucun)" name="statusIds" choices={statuses} />
        )}
        {dataset.filters.includes('place') && places.length > 0 && (
          <CheckboxGroup legend="Lieux de résidence (tous si aucun)" name="placeIds" choices={places} />
        )}
        {(errors.statusIds || errors.placeIds) && (
          <p id={listErrorId} className="text-sm text-red-700">
            {errors.statusIds ?? errors.placeIds}
          </p>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Format</legend>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" name="format" value="xlsx" defaultChecked className="h-4 w-4 accent-brand-700" />
          Excel (XLSX)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" name="format" value="csv" className="h-4 w-4 accent-brand-700" />
          CSV (UTF-8, séparateur «&nbsp;;&nbsp;»)
        </label>
        {errors.format && <p className="text-sm text-red-700">{errors.format}</p>}
      </fieldset>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Lancement…' : 'Lancer l’export'}
        </Button>
      </div>
    </form>
  )
}

function CheckboxGroup({ legend, name, choices }: { legend: string; name: string; choices: Choice[] }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {choices.map((c) => (
          <label key={c.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name={name} value={c.value} className="h-4 w-4 accent-brand-700" />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
