import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'
import { newAnswerLink } from './answer-link'
import { linkAddressesOf } from './link-recipients'
import { linkPrescriptionMail, newPrescriptionMail } from './mails'

/**
 * In the prescription's transaction: one mail per enabled user of the partner structure who chose one mail per
 * prescription (whoever there may answer; the others read it in their digest, ./digest.ts), queued; a structure with
 * no enabled user gets one mail at its contact address, with the signed link that answers this prescription without
 * an account (./answer-link.ts). Returns how many mails, and the address for a link.
 */
export async function queuePartnerMails(
  db: DbOrTx,
  {
    organisationId,
    offer,
    applyId,
    now,
  }: { organisationId: string; offer: { id: string; name: string; structureId: string }; applyId: string; now: Date },
): Promise<{ mailed: number; linkSentTo: string | null }> {
  const enabled = await db
    .select({ email: users.email, prescriptionMails: users.prescriptionMails })
    .from(users)
    .where(and(eq(users.structureId, offer.structureId), eq(users.disabled, false)))
    .orderBy(asc(users.email))
  const mailFields = { organisationId, structureId: offer.structureId }
  if (enabled.length === 0) {
    const address = (await linkAddressesOf(db, [offer.structureId])).get(offer.structureId)
    if (!address) return { mailed: 0, linkSentTo: null }
    const link = newAnswerLink(applyId, now)
    await queueMail(db, {
      ...linkPrescriptionMail(address, offer.name, link.url, link.expiresAt),
      kind: 'prescription-created-link',
      ...mailFields,
    })
    return { mailed: 1, linkSentTo: address }
  }
  // Users on a daily or weekly digest read it there (./digest.ts), not one mail per prescription.
  const recipients = enabled.filter((r) => r.prescriptionMails === 'perPrescription')
  await queueMail(
    db,
    recipients.map((r) => ({
      ...newPrescriptionMail(r.email, offer, applyId),
      kind: 'prescription-created',
      ...mailFields,
    })),
  )
  return { mailed: recipients.length, linkSentTo: null }
}
