import type { Metadata } from 'next'
import { LinkAnswer, RenewLinkButton } from '@/components/applies/link-answer'
import { Toaster } from '@/components/ui/toaster'
import { now } from '@/lib/clock'
import { formatDate } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { openAnswerLink } from '@/lib/prescriptions/answer-by-link'

export const metadata: Metadata = { title: 'Répondre à une prescription' }

const frame = 'flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8'

/**
 * /reponse/<token>: a structure without an account answers one prescription from the signed link sent to its address
 * (lib/prescriptions/answer-link.ts), signed out, in the standalone frame. The opening is journaled; an expired link
 * offers a new one, sent to the structure's address only.
 */
export default async function AnswerLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params
  const page = await openAnswerLink(getDb(), decodeURIComponent(token), now())
  if (page.kind === 'invalid')
    return (
      <section className={frame}>
        <h1 className="text-2xl font-semibold text-slate-900">Lien introuvable</h1>
        <p className="text-sm text-slate-800">
          Ce lien n’est pas valable. Vérifiez qu’il est complet, tel que le message reçu le donne, ou demandez au
          référent qui vous a adressé la personne de vous recontacter.
        </p>
      </section>
    )
  if (page.kind === 'expired')
    return (
      <section className={frame}>
        <h1 className="text-2xl font-semibold text-slate-900">Ce lien a expiré</h1>
        <p className="text-sm text-slate-800">
          Il permettait à {page.structureName} de répondre à une prescription à l’offre «&nbsp;{page.offerName}&nbsp;».
          Un nouveau lien peut être envoyé à l’adresse de contact de la structure, et à elle seule.
        </p>
        <RenewLinkButton token={token} />
        <Toaster />
      </section>
    )
  if (page.kind === 'closed')
    return (
      <section className={frame}>
        <h1 className="text-2xl font-semibold text-slate-900">
          {page.state === 'EXPIRED' ? 'Cette prescription a expiré' : 'Cette prescription a déjà reçu une réponse'}
        </h1>
        <p className="text-sm text-slate-800">
          {page.state === 'EXPIRED'
            ? `La prescription à l’offre «\u00a0${page.offerName}\u00a0» est restée sans réponse jusqu’à son expiration\u00a0: le référent en a été prévenu.`
            : `La prescription à l’offre «\u00a0${page.offerName}\u00a0» a reçu sa réponse\u00a0: il n’y a plus rien à faire.`}
        </p>
      </section>
    )
  return (
    <section className={frame}>
      <h1 className="text-2xl font-semibold text-slate-900">Une prescription attend votre réponse</h1>
      <p className="text-sm text-slate-800">
        Pour {page.structure.name}, à l’offre «&nbsp;{page.apply.offerName}&nbsp;». Ce lien ouvre cette seule
        prescription, sans compte, jusqu’au {formatDate(page.expiresAt)}.
      </p>
      <LinkAnswer
        token={token}
        apply={page.apply}
        defaults={{
          name: page.structure.name,
          email: page.structure.email ?? '',
          phone: page.structure.phone ?? '',
          address: page.structure.address ?? '',
        }}
      />
      <Toaster />
    </section>
  )
}
