'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { FormError } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { SearchField } from '@/components/ui/search-field'
import { toast } from '@/components/ui/toast'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import { placeCandidatesAction, searchCandidatesToPlaceAction } from '@/lib/job-offers/actions'

type Found = Awaited<ReturnType<typeof searchCandidatesToPlaceAction>>[number]
const FAILED = { ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }

/** "Positionner des candidats": search the organisation's candidates, pick several, place them at once (issue 12 §3). */
export function PlaceCandidatesDialog({ jobOfferId }: { jobOfferId: string }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [found, setFound] = useState<Found[]>([])
  const [chosen, setChosen] = useState<Map<string, string>>(new Map())
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [searching, setSearching] = useState(false)
  const { text, setText, set } = useDebouncedSearch('', async (value) => {
    if (!value) return setFound([])
    setSearching(true)
    setFound(await searchCandidatesToPlaceAction(jobOfferId, value).catch(() => []))
    setSearching(false)
  })
  useEffect(() => {
    if (!open) {
      set('')
      setFound([])
      setChosen(new Map())
      setError(null)
    }
  }, [open, set])
  const toggle = (c: Found) =>
    setChosen((m) => {
      const next = new Map(m)
      if (next.has(c.id)) next.delete(c.id)
      else next.set(c.id, `${c.firstName} ${c.lastName}`)
      return next
    })
  async function submit() {
    setSending(true)
    const result = await placeCandidatesAction(jobOfferId, { candidateIds: [...chosen.keys()] }).catch(() => FAILED)
    setSending(false)
    if (result.ok) {
      const n = chosen.size
      toast.success(`${n} candidat${n > 1 ? 's' : ''} positionné${n > 1 ? 's' : ''}.`)
      setOpen(false)
      router.refresh()
      return
    }
    setError(result.error)
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>Positionner des candidats</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Positionner des candidats"
        description="Cherchez les candidats de votre organisation par nom, téléphone ou email, puis cochez-les."
        wide
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button onClick={submit} disabled={sending || chosen.size === 0}>
              {sending ? 'Enregistrement…' : chosen.size > 1 ? `Positionner ${chosen.size} candidats` : 'Positionner le candidat'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <FormError error={error} />
          <SearchField label="Rechercher un candidat" value={text} onChange={setText} placeholder="Nom, téléphone ou email" />
          <div aria-live="polite" className="text-sm text-slate-700">
            {searching ? 'Recherche…' : text.trim().length >= 2 && found.length === 0 ? 'Aucun candidat trouvé.' : ''}
          </div>
          {found.length > 0 && (
            <fieldset>
              <legend className="mb-2 text-sm font-medium">Résultats</legend>
              <ul className="flex flex-col gap-1">
                {found.map((c) => (
                  <li key={c.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" checked={chosen.has(c.id)} disabled={c.taken} onChange={() => toggle(c)} />
                      {c.lastName} {c.firstName}
                      {c.place && <span className="text-slate-600">· {c.place}</span>}
                      {c.taken && <span className="text-slate-600">(déjà positionné)</span>}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          {chosen.size > 0 && <p className="text-sm">{'Sélection\u00a0: '}{[...chosen.values()].join(', ')}</p>}
        </div>
      </Dialog>
    </>
  )
}

/** One suggested candidate's "Positionner" button. */
export function PlaceSuggestionButton({ jobOfferId, candidateId, name }: { jobOfferId: string; candidateId: string; name: string }) {
  const router = useRouter()
  const [sending, setSending] = useState(false)
  return (
    <Button
      variant="secondary"
      className="px-3 py-1"
      disabled={sending}
      aria-label={`Positionner ${name}`}
      onClick={async () => {
        setSending(true)
        const result = await placeCandidatesAction(jobOfferId, { candidateIds: [candidateId] }).catch(() => FAILED)
        setSending(false)
        if (result.ok) {
          toast.success(`${name} est positionné sur l’offre.`)
          router.refresh()
        } else toast.error(result.error)
      }}
    >
      Positionner
    </Button>
  )
}
