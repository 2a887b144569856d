import { buttonClass } from '@/components/ui/button'
import { channelsText, personSentence, type InviteAnswer } from '@/lib/invitations/invite-feedback'
import { ofName } from '@/lib/text/french'

/** The letter of an invitation, to print and post: a download of its PDF. */
export function LetterLink({ invitationId, name }: { invitationId: string; name?: string }) {
  return (
    <a
      href={`/api/invitations/${invitationId}/letter`}
      download
      className={buttonClass('secondary', 'px-3 py-1')}
      aria-label={name ? `Imprimer le courrier ${ofName(name)}` : undefined}
    >
      Imprimer le courrier
    </a>
  )
}

/**
 * The answer of "Inviter": how many were invited; each one invited with their channels (and their letter to print);
 * the channels left out for some, and why; those not invited, and why.
 */
export function InviteResult({ answer }: { answer: InviteAnswer }) {
  const { summary, invited, skipped, refused } = answer
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p role="status" className="font-semibold">
        {summary}
      </p>
      {invited.length > 0 && (
        <section aria-labelledby="invite-result-invited">
          <h3 id="invite-result-invited" className="mb-1 font-semibold">
            Invités
          </h3>
          <ul className="flex flex-col gap-1">
            {invited.map((p) => (
              <li key={p.invitationId} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {p.name}, par {channelsText(p.channels)}
                </span>
                {p.channels.includes('letter') && <LetterLink invitationId={p.invitationId} name={p.name} />}
              </li>
            ))}
          </ul>
          {invited.some((p) => p.channels.includes('letter')) && (
            <p className="mt-2 text-slate-600">
              Un courrier n’est pas envoyé par Passerelle{'\u00a0'}: imprimez-le et postez-le sous enveloppe à fenêtre.
            </p>
          )}
        </section>
      )}
      {skipped.length > 0 && (
        <section aria-labelledby="invite-result-skipped">
          <h3 id="invite-result-skipped" className="mb-1 font-semibold">
            Moyens d’envoi laissés de côté
          </h3>
          <ul className="list-disc pl-5">
            {skipped.map((p) => (
              <li key={p.candidateId}>{personSentence(p)}</li>
            ))}
          </ul>
        </section>
      )}
      {refused.length > 0 && (
        <section aria-labelledby="invite-result-refused">
          <h3 id="invite-result-refused" className="mb-1 font-semibold">
            Non invités
          </h3>
          <ul className="list-disc pl-5">
            {refused.map((p) => (
              <li key={p.candidateId}>{personSentence(p)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
