'use client'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { DELAY_FROM, STEP_KINDS } from '@/lib/support-courses/schemas'

export type Step = {
  key: string
  id: string | null
  title: string
  kind: string
  delayDays: string
  delayFrom: string
  /** A step of kind "atelier": the workshops' theme its invitations go to ("": none). */
  workshopTheme: string
}

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ))

/**
 * One step of a course: its title, kind and delay, its order (buttons, so by keyboard too) and removal; a step of kind
 * "atelier" may name the workshops' theme its invitations go to (`themes`: the organisation's).
 */
export function StepRow({
  step,
  index: i,
  last,
  themes,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  step: Step
  index: number
  last: boolean
  themes: string[]
  errors: Record<string, string>
  onChange: (patch: Partial<Step>) => void
  onMove: (by: number) => void
  onRemove: () => void
}) {
  const bind = (key: 'title' | 'kind' | 'delayDays' | 'delayFrom' | 'workshopTheme') => ({
    value: step[key],
    onChange: (value: string) => onChange({ [key]: value }),
    error: errors[`steps.${i}.${key}`],
  })
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_14rem_7rem_12rem] sm:items-end">
      <FormField label={`Titre de l’étape ${i + 1}`} {...bind('title')} required />
      <FormField label={`Type de l’étape ${i + 1}`} as="select" {...bind('kind')}>
        {options(STEP_KINDS)}
      </FormField>
      <FormField label={`Délai de l’étape ${i + 1} (jours)`} type="number" min={0} max={365} {...bind('delayDays')} />
      <FormField label={`Point de départ du délai de l’étape ${i + 1}`} as="select" {...bind('delayFrom')}>
        {options(DELAY_FROM)}
      </FormField>
      {step.kind === 'workshop' && (
        <FormField
          label={`Thème d’ateliers de l’étape ${i + 1}`}
          hint={
            'Les candidats invités à l’étape réservent une séance de ce thème\u00a0; leur présence marque l’étape faite.'
          }
          as="select"
          className="sm:col-span-2"
          {...bind('workshopTheme')}
        >
          <option value="">Aucun (pas d’invitation)</option>
          {[...new Set([...themes, ...(step.workshopTheme ? [step.workshopTheme] : [])])].map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </FormField>
      )}
      <div className="flex gap-1 sm:col-span-4">
        <Button
          variant="ghost"
          className="px-2 py-1"
          disabled={i === 0}
          onClick={() => onMove(-1)}
          aria-label={`Monter l’étape ${i + 1}`}
        >
          Monter
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1"
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={`Descendre l’étape ${i + 1}`}
        >
          Descendre
        </Button>
        <Button variant="ghost" className="px-2 py-1" onClick={onRemove} aria-label={`Retirer l’étape ${i + 1}`}>
          Retirer
        </Button>
      </div>
    </li>
  )
}
