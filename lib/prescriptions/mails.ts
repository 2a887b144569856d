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
      `Une nouvelle prescription vous attend pour l’offre «\u00a0${offer.name}\u00a0».`,
      `Ouvrez-la dans Passerelle pour y répondre\u00a0: ${prescriptionLink(offer.id, applyId)}`,
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
      `${answer.partnerName} a répondu à votre prescription\u00a0: ${answer.decision === 'integrated' ? 'le candidat est intégré' : `le candidat n’est pas intégré (motif\u00a0: ${answer.causeLabel})`}.`,
      `Retrouvez la réponse sur la fiche du candidat\u00a0: ${candidatePrescriptionsLink(answer.candidateId)}`,
      `et toutes vos prescriptions\u00a0: ${appUrl()}/v2/candidates/fup`,
    ].join('\n'),
  }
}

type PendingPrescription = { id: string; offerId: string; offerName: string; prescriptionDate: Date }

/** What every mail with a signed link says of it: how long it holds, what it opens, how to get an account. */
const linkLines = (link: string, expiresAt: Date) => [
  `Répondez-y depuis ce lien, valable jusqu’au ${formatDate(expiresAt)}\u00a0: ${link}`,
  'Ce lien ouvre cette seule prescription, sans compte. Ne le transférez pas\u00a0: il donne accès à la fiche de la personne.',
  'Passé ce délai, la page vous proposera d’en recevoir un nouveau à cette même adresse.',
  '',
  `Pour répondre à toutes vos prescriptions depuis un compte, demandez-le depuis ${appUrl()}/login.`,
]

/** To the contact address of a structure without an account, when a referent prescribed to one of its offers. */
export function linkPrescriptionMail(to: string, offerName: string, link: string, expiresAt: Date): Mail {
  return {
    to,
    subject: 'Une nouvelle prescription vous attend',
    text: withNoBreakSpaces(
      [
        'Bonjour,',
        '',
        `Une nouvelle prescription vous attend pour l’offre «\u00a0${offerName}\u00a0». Votre structure n’a pas de compte Passerelle.`,
        ...linkLines(link, expiresAt),
        '',
        'Ce message est envoyé automatiquement par Passerelle.',
      ].join('\n'),
    ),
  }
}

/** The reminder to a structure without an account: a fresh link, at its contact address. */
export function linkReminderMail(
  to: string,
  apply: PendingPrescription,
  days: number,
  link: string,
  expiresAt: Date,
): Mail {
  return {
    to,
    subject: 'Relance\u00a0: une prescription attend votre réponse',
    text: withNoBreakSpaces(
      [
        'Bonjour,',
        '',
        `Une prescription à votre offre «\u00a0${apply.offerName}\u00a0», faite le ${formatDate(apply.prescriptionDate)}, attend votre réponse depuis ${days} jours.`,
        ...linkLines(link, expiresAt),
      ].join('\n'),
    ),
  }
}

/** A new link asked from an expired one's page: to the structure's contact address only. */
export function renewedLinkMail(to: string, offerName: string, link: string, expiresAt: Date): Mail {
  return {
    to,
    subject: 'Votre nouveau lien pour répondre à une prescription',
    text: withNoBreakSpaces(
      [
        'Bonjour,',
        '',
        `Un nouveau lien a été demandé pour répondre à une prescription à votre offre «\u00a0${offerName}\u00a0».`,
        ...linkLines(link, expiresAt),
        '',
        'Si vous n’avez rien demandé, ignorez ce message\u00a0: le lien n’a été envoyé qu’à cette adresse.',
      ].join('\n'),
    ),
  }
}

/** To the partner structure's users when a prescription waited past the reminder delay (`days` days). */
export function reminderMail(to: string, apply: PendingPrescription, days: number): Mail {
  return {
    to,
    subject: 'Relance\u00a0: une prescription attend votre réponse',
    text: withNoBreakSpaces(
      [
        'Bonjour,',
        '',
        `Une prescription à votre offre «\u00a0${apply.offerName}\u00a0», faite le ${formatDate(apply.prescriptionDate)}, attend votre réponse depuis ${days} jours.`,
        `Complétez sa fiche de suivi\u00a0: ${prescriptionLink(apply.offerId, apply.id)}`,
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
        `Votre prescription du ${formatDate(apply.prescriptionDate)} à l’offre «\u00a0${apply.offerName}\u00a0» n’a pas reçu de réponse du partenaire\u00a0: elle est expirée.`,
        `Retrouvez-la sur la fiche du candidat\u00a0: ${candidatePrescriptionsLink(apply.candidateId)}`,
      ].join('\n'),
    ),
  }
}

/** To the prescribing referent when a freed place takes their waitlisted prescription to the partner. */
export function waitlistLeftMail(to: string, apply: { offerName: string; candidateId: string }): Mail {
  return {
    to,
    subject: 'Une place s’est libérée',
    text: withNoBreakSpaces(
      [
        'Bonjour,',
        '',
        `Une place s’est libérée à l’offre «\u00a0${apply.offerName}\u00a0»\u00a0: votre prescription quitte la liste d’attente et attend maintenant la réponse du partenaire.`,
        `Retrouvez-la sur la fiche du candidat\u00a0: ${candidatePrescriptionsLink(apply.candidateId)}`,
      ].join('\n'),
    ),
  }
}

/** One prescription of a partner's digest: nothing personal but the candidate's initials. */
export type DigestLine = {
  offerName: string
  prescriptionDate: Date
  /** "En attente depuis 12 jours" (waiting-time.ts). */
  waiting: string
  initials: string
  /** Made since the user's previous digest. */
  isNew: boolean
}

/** Lines shown in a digest; the rest is counted, on the pending tab. */
export const DIGEST_MAX_LINES = 50

/**
 * A partner user's daily or weekly digest (digest.ts): their structure's prescriptions waiting for an answer, oldest
 * first, the new ones marked, and one link to the structure's pending prescriptions.
 */
export function partnerDigestMail(
  to: string,
  digest: { structureName: string; mode: 'daily' | 'weekly'; total: number; fresh: number; lines: DigestLine[] },
): Mail {
  const { total, fresh, lines } = digest
  const waitingCount = `${total} prescription${total > 1 ? 's' : ''}`
  const freshCount =
    fresh === 0 ? '' : ` dont ${fresh} nouvelle${fresh > 1 ? 's' : ''} depuis votre dernier récapitulatif`
  return {
    to,
    subject: `${waitingCount} ${total > 1 ? 'attendent' : 'attend'} votre réponse`,
    text: withNoBreakSpaces(
      [
        'Bonjour,',
        '',
        `${waitingCount} faite${total > 1 ? 's' : ''} à «\u00a0${digest.structureName}\u00a0» ${total > 1 ? 'attendent' : 'attend'} votre réponse${freshCount}, de la plus ancienne à la plus récente\u00a0:`,
        '',
        ...lines.map(
          (l) =>
            `- ${l.isNew ? '[Nouvelle] ' : ''}«\u00a0${l.offerName}\u00a0», prescription du ${formatDate(l.prescriptionDate)}${l.initials ? ` pour ${l.initials}` : ''}\u00a0: ${l.waiting.charAt(0).toLowerCase()}${l.waiting.slice(1)}`,
        ),
        ...(total > lines.length
          ? [`- et ${total - lines.length} autre${total - lines.length > 1 ? 's' : ''}, à retrouver dans Passerelle.`]
          : []),
        '',
        `Répondez-y depuis les prescriptions en attente de votre structure\u00a0: ${appUrl()}/partners/structure/dashboard`,
        '',
        `Vous recevez ce récapitulatif ${digest.mode === 'weekly' ? 'chaque lundi à 8\u00a0h' : 'chaque jour ouvré à 8\u00a0h'}. Pour recevoir plutôt un mail par prescription, ou changer de rythme\u00a0: ${appUrl()}/change-password`,
        'Ce message est envoyé automatiquement par Passerelle.',
      ].join('\n'),
    ),
  }
}
