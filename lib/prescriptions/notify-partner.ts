import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { appUrl } from '@/lib/auth/app-url'
import type { Mail } from '@/lib/mail/mailer'
import { queueMail } from '@/lib/mail/queue-mail'

/** The deep link a partner follows: the offer page with the prescription's completion dialog open (spec §2). */
export function prescriptionLink(offerId: string, applyId: string): string {
  return `${appUrl()}/offer/social/${offerId}?socialApplyId=${applyId}`
}

/**
 * The mail to the partner structure's users. Deliberately minimal: the offer's name and the link, no name or
 * other personal data of the candidate (a mail leaves our hands; the sheet stays behind the sign-in).
 */
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

/** Enabled users of the partner structure: whoever there may answer. */
export function partnerRecipients(db: DbOrTx, structureId: string) {
  return db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.structureId, structureId), eq(users.disabled, false)))
    .orderBy(asc(users.email))
}

/** In the prescription's transaction: one mail per enabled user of the structure, queued (the worker sends them). */
export async function queuePartnerPrescriptionMails(
  db: DbOrTx,
  params: { organisationId: string; structureId: string; offerId: string; offerName: string; applyId: string },
) {
  const recipients = await partnerRecipients(db, params.structureId)
  await queueMail(
    db,
    recipients.map((r) => ({
      ...newPrescriptionMail(r.email, { id: params.offerId, name: params.offerName }, params.applyId),
      kind: 'prescription-created',
      organisationId: params.organisationId,
      structureId: params.structureId,
    })),
  )
  return recipients.length
}
