import { appUrl } from '@/lib/auth/app-url'
import type { Mail } from '@/lib/mail/mailer'

/** The prescribing referent's mail when the partner answered: the outcome and links, no name of the candidate. */
export function fupAnsweredMail(
  to: string,
  answer: { partnerName: string; decision: string | null; causeLabel: string; candidateId: string },
): Mail {
  return {
    to,
    subject: 'Réponse à votre prescription',
    text: [
      'Bonjour,',
      '',
      `${answer.partnerName} a répondu à votre prescription : ${answer.decision === 'integrated' ? 'le candidat est intégré' : `le candidat n’est pas intégré (motif : ${answer.causeLabel})`}.`,
      `Retrouvez la réponse sur la fiche du candidat : ${appUrl()}/v2/candidate/${answer.candidateId}/prescriptions`,
      `et toutes vos prescriptions : ${appUrl()}/v2/candidates/fup`,
    ].join('\n'),
  }
}
