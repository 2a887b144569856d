import type { Metadata } from 'next'
import { CodeForm } from '@/components/invitations/booking/code-form'

export const metadata: Metadata = { title: 'Votre invitation' }

/** /i: the code of a letter, typed by the person (signed out); the invitation's page is /i/<CODE>. */
export default function InvitationCodePage() {
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Votre invitation à un atelier</h1>
      <p className="text-sm text-slate-700">
        Vous avez reçu un courrier vous invitant à un atelier&nbsp;? Tapez le code qui y est écrit pour choisir votre
        séance.
      </p>
      <CodeForm />
    </section>
  )
}
