import { eq } from 'drizzle-orm'
import { unseal } from '@/lib/crypto/sealed'
import type { DbOrTx } from '@/lib/db/client'
import { alias } from 'drizzle-orm/pg-core'
import { candidates, organisations, users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'
import { queueSms } from '@/lib/sms/queue-sms'
import { fillTemplate, templateValues } from '@/lib/sms/template-variables'
import { noticeText } from '@/lib/workshops/notice-templates'
import type { NoticeKind, NoticeWorkshop } from '@/lib/workshops/notices'
import { invitationLink } from './code'

/** What a message about an invitation needs to be written: the row's sealed code, channels, theme and last day. */
export type InvitationToTell = {
  id: string
  organisationId: string
  candidateId: string
  theme: string
  channels: string[]
  codeSealed: string
  /** The last day shown ({date_limite}); for an optional workshop's, its last open session. */
  lastDay: Date
}

const referents = alias(users, 'referent')

const MAIL_SUBJECTS: Partial<Record<NoticeKind, (theme: string) => string>> = {
  invitation: (t) => `Invitation\u00a0: atelier «\u00a0${t}\u00a0»`,
  invitationReminder: (t) => `Rappel\u00a0: choisissez votre date d’atelier «\u00a0${t}\u00a0»`,
  booking: (t) => `Votre place est réservée\u00a0: atelier «\u00a0${t}\u00a0»`,
  bookingReminder: (t) => `Rappel\u00a0: votre atelier «\u00a0${t}\u00a0» approche`,
  seatOffer: (t) => `Une place s’est libérée\u00a0: atelier «\u00a0${t}\u00a0»`,
}

/**
 * Queues one message about an invitation on its SMS and mail channels, in the caller's transaction (a letter is
 * printed from the candidate's sheet, never sent by the app). The SMS is the organisation's text for `kind`; the mail
 * says the same with a subject. Returns the channels that were queued.
 */
export async function tellInvitation(
  tx: DbOrTx,
  inv: InvitationToTell,
  kind: NoticeKind,
  workshop: NoticeWorkshop | null,
  now: Date,
): Promise<string[]> {
  const link = invitationLink(unseal(inv.codeSealed))
  const text = await noticeText(tx, inv.organisationId, kind, workshop, {
    link,
    lastDay: inv.lastDay,
    theme: inv.theme,
  })
  const told: string[] = []
  if (inv.channels.includes('sms')) {
    const [outcome] = await queueSms(tx, {
      organisationId: inv.organisationId,
      authorId: null,
      kind: `invitation.${kind}`,
      candidateIds: [inv.candidateId],
      text,
      now,
    })
    if (outcome?.ok) told.push('sms')
  }
  if (inv.channels.includes('mail')) {
    const [c] = await tx
      .select({
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        email: candidates.email,
        organisation: organisations.name,
        referentFirstName: referents.firstName,
        referentLastName: referents.lastName,
        referentPhone: referents.phone,
      })
      .from(candidates)
      .innerJoin(organisations, eq(organisations.id, candidates.organisationId))
      .leftJoin(referents, eq(referents.id, candidates.referentId))
      .where(eq(candidates.id, inv.candidateId))
    if (c?.email) {
      const values = templateValues({
        candidate: c,
        referent:
          c.referentFirstName !== null
            ? { firstName: c.referentFirstName, lastName: c.referentLastName, phone: c.referentPhone }
            : null,
        sender: null,
        organisationName: c.organisation,
      })
      const body = `${fillTemplate(text, values)}\n\n${c.organisation}\n\nCe message vous est envoyé par ${c.organisation} avec Passerelle. Pour répondre, utilisez le lien ou appelez votre référent.`
      await queueMail(tx, {
        kind: `invitation.${kind}`,
        organisationId: inv.organisationId,
        to: c.email,
        subject: MAIL_SUBJECTS[kind]?.(inv.theme) ?? `Atelier «\u00a0${inv.theme}\u00a0»`,
        text: body,
      })
      told.push('mail')
    }
  }
  return told
}
