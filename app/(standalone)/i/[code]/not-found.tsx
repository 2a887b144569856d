import { CodeForm } from '@/components/invitations/booking/code-form'
import { INVITATION_MESSAGES } from '@/lib/invitations/messages'

/** A link whose code matches no invitation (mistyped from a letter, cut in an SMS): type it again. */
export default function InvitationNotFound() {
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Invitation introuvable</h1>
      <p className="text-sm text-slate-700">
        {INVITATION_MESSAGES.codeUnknown} Vérifiez le lien de votre SMS ou de votre e-mail, ou tapez le code écrit sur
        votre courrier.
      </p>
      <CodeForm />
    </section>
  )
}
