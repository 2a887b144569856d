'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { decideStructureAccountAction } from '@/lib/partners/actions'
import { fullName } from '@/lib/person-name'

type Request = {
  id: string
  firstName: string
  lastName: string
  email: string
  organisation: string
  createdAt: string
  byLink?: boolean
}
const FAILED = { ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }

/** The requests for a partner account that other organisations sent, for those who run the structure to decide. */
export function AccountRequests({ requests }: { requests: Request[] }) {
  const router = useRouter()
  const [busy, setBusy] = useState<string | null>(null)
  async function decide(request: Request, accept: boolean) {
    setBusy(request.id)
    const result = await decideStructureAccountAction(request.id, accept).catch(() => FAILED)
    setBusy(null)
    if (result.ok) {
      toast.success(
        accept ? `Invitation envoyée à ${request.email}.` : `Demande de «\u00a0${request.organisation}\u00a0» refusée.`,
      )
      router.refresh()
    } else toast.error(result.error)
  }
  return (
    <section aria-labelledby="account-requests-title" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h2 id="account-requests-title" className="mb-3 text-lg font-semibold">
        Demandes de compte partenaire ({requests.length})
      </h2>
      <ul className="divide-y divide-amber-200">
        {requests.map((r) => {
          const name = fullName(r)
          return (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{name}</span> <span className="text-slate-700">{r.email}</span>,{' '}
                {r.byLink
                  ? `demandé par la structure depuis le lien d’une prescription de «\u00a0${r.organisation}\u00a0»`
                  : `demandé par «\u00a0${r.organisation}\u00a0»`}{' '}
                le {r.createdAt}
              </span>
              <span className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  disabled={busy === r.id}
                  onClick={() => decide(r, false)}
                  aria-label={`Refuser la demande de compte pour ${name}`}
                >
                  Refuser
                </Button>
                <Button
                  disabled={busy === r.id}
                  onClick={() => decide(r, true)}
                  aria-label={`Accepter la demande de compte pour ${name}`}
                >
                  Accepter
                </Button>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
