'use client'

import { useRouter } from 'next/navigation'
import { TagsField } from '@/components/offers/tags-field'
import { ChallengeIcon } from '@/components/offers/challenge-icon'
import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { CHALLENGE_ICONS } from '@/lib/offers/challenge-icons'
import { saveChallengesAction } from '@/lib/offers/offer-actions'

type Row = { key: string; id: string | null; name: string; icon: string; tags: string[] }
// A new row's React key: stable while the page lives, never an id.
let added = 0

/** /v2/settings/challenges: the organisation's challenges ("freins"), each with a name, an icon and tags; ordered, added, removed. */
export function ChallengesForm({
  challenges,
}: {
  challenges: { id: string; name: string; icon: string; tags: string[] }[]
}) {
  const router = useRouter()
  const form = useActionForm({
    initial: { rows: challenges.map((c): Row => ({ key: c.id, id: c.id, name: c.name, icon: c.icon, tags: c.tags })) },
    action: ({ rows }) =>
      saveChallengesAction({ challenges: rows.map((r) => ({ id: r.id, name: r.name, icon: r.icon, tags: r.tags })) }),
    success: 'Freins enregistrés.',
    onSuccess: () => router.refresh(),
  })
  const { rows } = form.values
  const errors = form.errors
  const setRows = (next: Row[]) => form.set({ rows: next })
  const update = (i: number, patch: Partial<Row>) => {
    setRows(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)))
    form.clear(...Object.keys(patch).map((key) => `challenges.${i}.${key}`))
  }
  const move = (i: number, by: number) => {
    const next = [...rows]
    const [row] = next.splice(i, 1)
    next.splice(i + by, 0, row!)
    setRows(next)
  }
  return (
    <form {...form.formProps} className="flex max-w-4xl flex-col gap-4">
      <ErrorSummary form={form} />
      <ol className="flex flex-col gap-3">
        {rows.map((row, i) => (
          <li key={row.key} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <RowHeader
              row={row}
              index={i}
              last={i === rows.length - 1}
              onMove={(by) => move(i, by)}
              onRemove={() => setRows(rows.filter((_, j) => j !== i))}
            />
            <ChallengeFields row={row} index={i} errors={errors} onChange={(patch) => update(i, patch)} />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            setRows([...rows, { key: `new-${++added}`, id: null, name: '', icon: 'circle-help', tags: [] }])
          }
        >
          Ajouter un frein
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Enregistrement…' : 'Enregistrer les freins'}
        </Button>
      </div>
    </form>
  )
}

/** A challenge's name and icon as they will read, and its order and removal. */
function RowHeader({
  row,
  index: i,
  last,
  onMove,
  onRemove,
}: {
  row: Row
  index: number
  last: boolean
  onMove: (by: number) => void
  onRemove: () => void
}) {
  const named = row.name || `le frein ${i + 1}`
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="flex min-w-0 items-center gap-2 font-semibold text-slate-900">
        <ChallengeIcon icon={row.icon} size={18} />
        <span className="break-words">{row.name || `Nouveau frein ${i + 1}`}</span>
      </h2>
      <div className="flex flex-wrap gap-1">
        <Button
          variant="ghost"
          className="px-2 py-1"
          disabled={i === 0}
          onClick={() => onMove(-1)}
          aria-label={`Monter ${named}`}
        >
          Monter
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1"
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={`Descendre ${named}`}
        >
          Descendre
        </Button>
        <Button variant="ghost" className="px-2 py-1" onClick={onRemove} aria-label={`Retirer ${named}`}>
          Retirer
        </Button>
      </div>
    </div>
  )
}

/** A challenge's name, icon and tags; errors under 'challenges.<i>.<field>'. */
function ChallengeFields({
  row,
  index: i,
  errors,
  onChange,
}: {
  row: Row
  index: number
  errors: Record<string, string>
  onChange: (patch: Partial<Row>) => void
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <FormField
          label={`Nom du frein ${i + 1}`}
          value={row.name}
          onChange={(name) => onChange({ name })}
          error={errors[`challenges.${i}.name`]}
          required
        />
        <FormField
          label={`Icône du frein ${i + 1}`}
          as="select"
          value={row.icon}
          onChange={(icon) => onChange({ icon })}
          error={errors[`challenges.${i}.icon`]}
        >
          {Object.entries(CHALLENGE_ICONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FormField>
      </div>
      {/* The tags are the offers' matching keys: shown by their names, the full list, never cut. */}
      <TagsField
        label={`Étiquettes du frein ${i + 1}`}
        owner={{ of: `du frein ${row.name || i + 1}`, to: `au frein ${row.name || i + 1}`, self: 'ce frein' }}
        emptyText="Aucune étiquette&nbsp;: ajoutez-en au moins une."
        tags={row.tags}
        onChange={(tags) => onChange({ tags })}
        error={errors[`challenges.${i}.tags`]}
      />
    </>
  )
}
