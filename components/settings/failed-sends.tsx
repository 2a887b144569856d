import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { formatDateTime } from '@/lib/dates'
import { FAILED_SENDS_DAYS, type failedSends } from '@/lib/settings/failed-sends'
import { smsErrorLabel } from '@/lib/sms/status'
import { ResendMailButton } from './resend-mail-button'
import { fullName, listName } from '@/lib/person-name'

const MAIL_KINDS: Record<string, string> = {
  'reset-password': 'Réinitialisation du mot de passe',
  'second-factor-code': 'Code de connexion',
  'user-invitation': 'Invitation',
  'prescription-created': 'Nouvelle prescription (partenaire)',
  'fup-answered': 'Réponse à une prescription',
}

/** An attempt that may have reached the provider, its answer lost: a person checks with the recipient, then decides. */
const UNKNOWN_FATE =
  'sort inconnu\u00a0: l’envoi a été interrompu, le destinataire l’a peut-être reçu\u00a0; vérifiez avant de renvoyer'.replace(
    / ([:;])/g,
    '\u00a0$1',
  )

/** /v2/settings: what the job queue gave up on (lib/settings/failed-sends.ts), so that an administrator sees it and can act. */
export function FailedSendsList({ mails, sms }: Awaited<ReturnType<typeof failedSends>>) {
  return (
    <section aria-labelledby="failed-sends" className="mt-8 flex flex-col gap-4">
      <div>
        <h2 id="failed-sends" className="text-lg font-semibold text-slate-900">
          Envois en échec
        </h2>
        <p className="text-sm text-slate-600">
          Les emails et SMS que la file d’envoi n’a pas pu remettre après plusieurs essais, ou dont le sort est inconnu,
          sur les {FAILED_SENDS_DAYS} derniers jours.
        </p>
      </div>
      {mails.length === 0 && sms.length === 0 ? (
        <EmptyState title="Aucun envoi en échec&nbsp;: tout est parti." />
      ) : (
        <>
          {mails.length > 0 && (
            <SimpleTable
              caption="Emails en échec"
              headers={['Email', 'Destinataire', 'Dernier essai', 'Motif', '']}
              rows={mails.map((m) => ({
                key: m.id,
                cells: [
                  MAIL_KINDS[m.kind] ?? m.subject,
                  m.to,
                  formatDateTime(m.at),
                  m.status === 'unknown'
                    ? `${UNKNOWN_FATE} (${m.attempts} essai${m.attempts > 1 ? 's' : ''})`
                    : `${m.errorCode ?? 'erreur'} (${m.attempts} essai${m.attempts > 1 ? 's' : ''})`,
                  <ResendMailButton key="resend" mailId={m.id} label={`l’email à ${m.to}`} />,
                ],
              }))}
            />
          )}
          {sms.length > 0 && (
            <SimpleTable
              caption="SMS en échec"
              headers={['Candidat', 'Date', 'Motif', '']}
              rows={sms.map((m) => ({
                key: m.id,
                cells: [
                  <Link key="c" href={`/v2/candidate/${m.candidateId}/sms`}>
                    {listName(m)}
                  </Link>,
                  formatDateTime(m.at),
                  m.status === 'unknown' ? UNKNOWN_FATE : (smsErrorLabel(m.errorCode) ?? 'erreur'),
                  <ResendMailButton key="resend" smsId={m.id} label={`le SMS à ${fullName(m)}`} />,
                ],
              }))}
            />
          )}
        </>
      )}
    </section>
  )
}
