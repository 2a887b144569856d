'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, type Errors } from '@/components/directory/form-parts'
import { TagsField } from '@/components/offers/tags-field'
import { ChallengeIcon } from '@/components/offers/challenge-icon'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { CHALLENGE_ICONS } from '@/lib/offers/challenge-icons'
import { saveChallengesAction } from '@/lib/offers/offer-actions'

type Row = { key: string; id: string | null; name: string; icon: string; tags: string[] }

/** /v2/settings/challenges: the organisation's challenges ("freins"), each with a name, an icon and tags; ordered, added, removed. */
export function ChallengesForm({
  challenges,
}: {
  challenges: { id: string; name: string; icon: string; tags: string[] }[]
}) {
  const router = useRouter()
  const [rows, setRows] = useState<Row[]>(
    challenges.map((c) => ({ key: c.id, id: c.id, name: c.name, icon: c.icon, tags: c.tags })),
  )
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const update = (i: number, patch: Partial<Row>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)))
  const move = (i: number, by: number) =>
    setRows((r) => {
      const next = [...r]
      const [row] = next.splice(i, 1)
      next.splice(i + by, 0, row!)
      return next
    })
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const result = await saveChallengesAction({
      challenges: rows.map((r) => ({ id: r.id, name: r.name, icon: r.icon, tags: r.tags })),
    }).catch(() => ({ ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }))
    setSending(false)
    if (result.ok) {
      toast.success('Freins enregistrés.')
      setErrors({})
      setError(null)
      router.refresh()
      return
    }
    setErrors('fieldErrors' in result ? (result.fieldErrors ?? {}) : {})
    setError(result.error)
  }
  return (
    <form onSubmit={submit} noValidate className="flex max-w-4xl flex-col gap-4">
      <FormError error={error} />
      <ol className="flex flex-col gap-3">
        {rows.map((row, i) => (
          <li key={row.key} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
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
                  onClick={() => move(i, -1)}
                  aria-label={`Monter ${row.name || `le frein ${i + 1}`}`}
                >
                  Monter
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Descendre ${row.name || `le frein ${i + 1}`}`}
                >
                  Descendre
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  onClick={() => setRows((r) => r.filter((_, j) => j !== i))}
                  aria-label={`Retirer ${row.name || `le frein ${i + 1}`}`}
                >
                  Retirer
                </Button>
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
              <FeedbackField
                label={`Nom du frein ${i + 1}`}
                value={row.name}
                onChange={(name) => update(i, { name })}
                error={errors[`challenges.${i}.name`]}
                required
              />
              <FeedbackField
                label={`Icône du frein ${i + 1}`}
                as="select"
                value={row.icon}
                onChange={(icon) => update(i, { icon })}
                error={errors[`challenges.${i}.icon`]}
              >
                {Object.entries(CHALLENGE_ICONS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </FeedbackField>
            </div>
            {/* The tags are the offers' matching keys: shown by their names, the full list, never cut. */}
            <TagsField
              label={`Étiquettes du frein ${i + 1}`}
              owner={{ of: `du frein ${row.name || i + 1}`, to: `au frein ${row.name || i + 1}`, self: 'ce frein' }}
              emptyText="Aucune étiquette&nbsp;: ajoutez-en au moins une."
              tags={row.tags}
              onChange={(tags) => update(i, { tags })}
              error={errors[`challenges.${i}.tags`]}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            setRows((r) => [...r, { key: `new-${Date.now()}`, id: null, name: '', icon: 'circle-help', tags: [] }])
          }
        >
          Ajouter un frein
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? 'Enregistrement…' : 'Enregistrer les freins'}
        </Button>
      </div>
    </form>
  )
}
