import { appUrl } from '@/lib/auth/app-url'
import { formatDate } from '@/lib/dates'
import type { Mail } from '@/lib/mail/mailer'

/**
 * Every mail of a prescription's life. Deliberately minimal: the offer's name and links, never the candidate's name or
 * other personal data (a mail leaves our hands; the sheet stays behind the sign-in).
 */

/** The deep link a partner follows: the offer page with the prescription's completion dialog open (spec §2). */
export function prescriptionLink(offerId: string, applyId: string): string {
  return `${appUrl()}/offer/social/${offerId}?socialApplyId=${applyId}`
}

/** Where the referent finds the answer: the candidate sheet's Prescriptions section. */
const candidatePrescriptionsLink = (candidateId: string) => `${appUrl()}/v2/candidate/${candidateId}/prescriptions`

/** French typography: a no-break space before the high punctuation and inside the quotes. */
const withNoBreakSpaces = (text: string) => text.replace(/ ([:?!;»])/g, '\u00a0$1').replace(/« /g, '«\u00a0')

/** To each user of the partner structure, when a referent prescribed to one of its offers. */
export function newPrescriptionMail(to: string, offer: { id: string; name: string }, applyId: string): Mail {
  return {
    to,
    subject: 'Une nouvelle prescription vous attend',
    text: [
      'Bonjour,',
      '',
      `Une nouvelle prescription vous attend pour l’offre « ${offer.name} ».`,
      `Ouvrez-la dans Passerelle pour y répondre : ${prescriptionLink(offer.id, applyId)}`,
      '',
      'Ce message est envoyé automatiquement par Passerelle.',
    ].join('\n'),
  }
}

/** To the prescribing referent when the partner answered: the outcome and links. */
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
      `Retrouvez la réponse sur la fiche du candidat : ${candidatePrescriptionsLink(answer.candidateId)}`,
      `et toutes vos prescriptions : ${appUrl()}/v2/candidates/fup`,
    ].join('\n'),
  }
}

type PendingPrescription = { id: string; offerId: string; offerName: string; prescriptionDate: Date }

/** To the partner structure's users when a prescription waited past the reminder delay (`days` days). */
export function reminderMail(to: string, apply: PendingPrescription, days: number): Mail {
  return {
    to,
    subject: 'Relance\u00a0: une prescription attend votre réponse',
    text: withNoBreakSpaces(
      [
        'Bonjour,',
        '',
        `Une prescription à votre offre « ${apply.offerName} », faite le ${formatDate(apply.prescriptionDate)}, attend votre réponse depuis ${days} jours.`,
        `Complétez sa fiche de suivi : ${prescriptionLink(apply.offerId, apply.id)}`,
      ].join('\n'),
    ),
  }
}

/** To the prescribing referent when the prescription expired unanswered. */
export function expiryMail(to: string, apply: PendingPrescription & { candidateId: string }): Mail {
  return {
    to,
    subject: 'Prescription expirée sans réponse',
    text: withNoBreakSpaces(
      [
        'Bonjour,',
        '',
        `Votre prescription du ${formatDate(apply.prescriptionDate)} à l’offre « ${apply.offerName} » n’a pas reçu de réponse du partenaire : elle est expirée.`,
        `Retrouvez-la sur la fiche du candidat : ${candidatePrescriptionsLink(apply.candidateId)}`,
      ].join('\n'),
    ),
  }
}
