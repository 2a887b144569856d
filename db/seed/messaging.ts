import { eq } from 'drizzle-orm'
import * as s from '@/lib/db/schema'
import type { Db } from '@/lib/db/client'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * The SMS side of the demo data: the organisation's templates (one archived), a conversation with its
 * delivery receipts and a reply, a candidate who answered STOP, one whose number is a landline, and a failed send.
 */
export async function seedMessaging(
  tx: Tx,
  ids: {
    organisationId: string
    referentId: string
    counsellorId: string
    candidates: { id: string; phone: string | null }[]
  },
) {
  const { organisationId, referentId, counsellorId } = ids
  const [rappel] = await tx
    .insert(s.smsTemplates)
    .values([
      {
        organisationId,
        name: 'Rappel de rendez-vous',
        body: 'Bonjour {prenom}, je vous rappelle notre rendez-vous de demain. En cas d’imprévu, appelez-moi au {telephone_referent}. {referent}, {organisation}',
      },
      {
        organisationId,
        name: 'Documents à apporter',
        body: 'Bonjour {prenom}, pensez à apporter votre pièce d’identité et votre attestation CAF à notre prochain rendez-vous. {referent}',
      },
      {
        organisationId,
        name: 'Offre d’emploi à voir',
        body: 'Bonjour {prenom}, une offre d’emploi peut vous intéresser : rappelez-moi au {telephone_referent}. {referent}',
      },
      {
        organisationId,
        name: 'Ancien rappel',
        body: 'Bonjour {prenom}, rendez-vous confirmé.',
        archivedAt: new Date(Date.UTC(2026, 9, 1, 8)),
      },
    ])
    .returning({ id: s.smsTemplates.id })

  const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 10, day, hour - 1, minute))
  const e164 = (phone: string | null) => `+33${(phone ?? '').replace(/\D/g, '').slice(1)}`
  const [elodie, karim, , , , , , julien, , lucas, , antoine] = ids.candidates
  const outbound = (
    candidate: { id: string; phone: string | null },
    authorId: string | null,
    body: string,
    sentAt: Date,
    status: 'delivered' | 'failed' | 'undelivered',
    extra: Partial<typeof s.smsMessages.$inferInsert> = {},
  ) => ({
    organisationId,
    candidateId: candidate.id,
    authorId,
    body,
    toNumber: e164(candidate.phone),
    status,
    scheduledFor: sentAt,
    attemptStartedAt: sentAt,
    sentAt,
    statusAt: new Date(sentAt.getTime() + 20_000),
    createdAt: sentAt,
    providerSid: status === 'failed' ? null : `outbox-demo-${candidate.id.slice(0, 8)}-${sentAt.getTime()}`,
    ...extra,
  })
  const reply = (candidate: { id: string; phone: string | null }, body: string, receivedAt: Date) => ({
    organisationId,
    candidateId: candidate.id,
    direction: 'inbound' as const,
    kind: 'reply',
    body,
    toNumber: 'PASSERELLE',
    fromNumber: e164(candidate.phone),
    status: 'received' as const,
    providerSid: `demo-reply-${candidate.id.slice(0, 8)}-${receivedAt.getTime()}`,
    scheduledFor: receivedAt,
    sentAt: receivedAt,
    statusAt: receivedAt,
    createdAt: receivedAt,
  })
  await tx
    .insert(s.smsMessages)
    .values([
      outbound(
        elodie!,
        referentId,
        'Bonjour Élodie, je vous rappelle notre rendez-vous de demain. En cas d’imprévu, appelez-moi au 0601020304. Romain Leroy, Département de Seine-Maritime',
        at(18, 10, 4),
        'delivered',
        { templateId: rappel!.id },
      ),
      reply(elodie!, 'Merci, je serai là à 14 h.', at(18, 10, 31)),
      outbound(elodie!, referentId, 'Parfait, à demain !', at(18, 10, 40), 'delivered'),
      outbound(
        karim!,
        counsellorId,
        'Bonjour Karim, pensez à apporter votre pièce d’identité et votre attestation CAF à notre prochain rendez-vous. Cédric Fontaine',
        at(19, 9, 15),
        'delivered',
      ),
      outbound(
        antoine!,
        referentId,
        'Bonjour Antoine, une offre d’emploi peut vous intéresser : rappelez-moi au 0601020304. Romain Leroy',
        at(17, 11, 0),
        'delivered',
      ),
      reply(antoine!, 'STOP', at(17, 11, 12)),
      outbound(
        julien!,
        referentId,
        'Bonjour Julien, je vous rappelle notre rendez-vous de demain.',
        at(20, 16, 30),
        'failed',
        { errorCode: '21614' },
      ),
    ])
  await tx
    .update(s.candidates)
    .set({ smsOptedOutAt: at(17, 11, 12) })
    .where(eqId(antoine!.id))
  // A landline: "Ce numéro ne peut pas recevoir de SMS".
  await tx.update(s.candidates).set({ phone: '02 35 12 34 56' }).where(eqId(lucas!.id))
}

const eqId = (id: string) => eq(s.candidates.id, id)
