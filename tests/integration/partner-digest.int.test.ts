import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unseal } from '@/lib/crypto/sealed'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { sendPartnerDigests } from '@/lib/prescriptions/digest'
import { setPrescriptionMails } from '@/lib/prescriptions/digest-choice'
import { prescribe } from '@/lib/prescriptions/referent-prescribes'
import { remindPendingPrescriptions } from '@/lib/prescriptions/reminders'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The partners' digests (issue 40 §2) on a structure of the file's own, at fixed instants (Paris, winter: UTC+1).
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const asDb = (tx: Tx) => tx as unknown as Db
const MONDAY = new Date('2026-11-30T07:00:00Z')
const TUESDAY = new Date('2026-12-01T07:00:00Z')
const WEDNESDAY = new Date('2026-12-02T07:00:00Z')
const SATURDAY = new Date('2026-12-05T07:00:00Z')
const NEXT_MONDAY = new Date('2026-12-07T07:00:00Z')

const saved = process.env.BETTER_AUTH_URL
beforeAll(() => {
  process.env.BETTER_AUTH_URL = 'https://passerelle.example'
})
afterAll(() => {
  if (saved === undefined) delete process.env.BETTER_AUTH_URL
  else process.env.BETTER_AUTH_URL = saved
})

type Mode = 'perPrescription' | 'daily' | 'weekly'

/** An organisation, a structure it created with one offer, and partner users there with the given choices. */
async function newStructure(modes: Record<string, Mode>, options: { disabled?: string[] } = {}) {
  const tag = randomUUID().slice(0, 8)
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Récapitulatifs ${tag}`, answerReminderDays: 10, prescriptionExpiryDays: 60 })
    .returning()
  const organisationId = throwaway(organisation!.id)
  const [structure] = await db
    .insert(s.partnerStructures)
    .values({ organisationId, name: `Atelier Vélo ${tag}` })
    .returning()
  const structureId = structure!.id
  const [offer] = await db
    .insert(s.socialOffers)
    .values({
      structureId,
      offerId: `velo-${tag}`,
      name: 'Vélo solidaire',
      source: 'passerelle',
      providerName: 'Atelier Vélo',
    })
    .returning()
  const referentId = `referent-${randomUUID()}`
  await db.insert(s.users).values({
    id: referentId,
    name: 'Nora Benali',
    email: `${referentId}@exemple.test`,
    role: 'referent',
    organisationId,
  })
  const emails: Record<string, string> = {}
  const ids: Record<string, string> = {}
  for (const [name, mode] of Object.entries(modes)) {
    const id = `partner-${randomUUID()}`
    emails[name] = `${name}.${tag}@velo.test`
    ids[name] = id
    await db.insert(s.users).values({
      id,
      name,
      email: emails[name],
      role: 'fullPartner',
      structureId,
      prescriptionMails: mode,
      disabled: options.disabled?.includes(name) ?? false,
    })
  }
  return { organisationId, structureId, offerId: offer!.id, offerName: offer!.name, referentId, emails, ids }
}

/** A prescription with its sheet to the structure's offer, made at `madeAt`, of a candidate named Yanis Morel. */
async function newPrescription(
  place: Awaited<ReturnType<typeof newStructure>>,
  madeAt: Date,
  state: 'PRESCRIPTION_FILLED' | 'INTEGRATED_CANDIDATE' = 'PRESCRIPTION_FILLED',
) {
  const [candidate] = await db
    .insert(s.candidates)
    .values({ organisationId: place.organisationId, firstName: 'Yanis', lastName: 'Morel' })
    .returning()
  const [apply] = await db
    .insert(s.socialApplies)
    .values({
      organisationId: place.organisationId,
      structureId: place.structureId,
      socialOfferId: place.offerId,
      candidateId: candidate!.id,
      authorId: place.referentId,
      state,
      prescriptionDate: madeAt,
      createdAt: madeAt,
    })
    .returning()
  await db.insert(s.fups).values({
    socialApplyId: apply!.id,
    name: 'Fiche de prescription',
    beneficiary: {
      gender: null,
      birthDate: null,
      address: null,
      phone: null,
      email: null,
      socialSecurityNumber: null,
      cafNumber: null,
      poleEmploiNumber: null,
      additionalFields: [],
    },
    prescription: {
      rsaReferentName: 'Nora Benali',
      email: 'n@exemple.test',
      phone: '0601020304',
      structure: 'Département',
      address: 'Rouen',
      goal: 'Mobilité',
      validatePrescription: true,
      approveDemand: true,
      prescriptionDate: madeAt.toISOString(),
    },
  })
  return apply!.id
}

/** The digests queued to these addresses, as their subject and text. */
async function digestsTo(addresses: string[]) {
  const rows = await db
    .select()
    .from(s.outboundMails)
    .where(and(eq(s.outboundMails.kind, 'prescription-digest'), inArray(s.outboundMails.toAddress, addresses)))
    .orderBy(s.outboundMails.createdAt)
  return rows.map((m) => ({ to: m.toAddress, subject: m.subject, text: unseal(m.sealedText!) }))
}
const countTo = (mails: { to: string }[], to: string) => mails.filter((m) => m.to === to).length

describe('the partners’ digests', () => {
  it('sends the daily ones on working days, the weekly ones on Monday, nothing on Saturday, once per day', async () => {
    const place = await newStructure(
      { quotidien: 'daily', hebdo: 'weekly', chaque: 'perPrescription', parti: 'daily' },
      { disabled: ['parti'] },
    )
    const { emails } = place
    await newPrescription(place, new Date('2026-11-16T09:00:00Z'))
    const all = Object.values(emails)

    expect(await sendPartnerDigests(db, MONDAY, [place.structureId])).toBe(2)
    let mails = await digestsTo(all)
    expect(mails.map((m) => m.to).sort()).toEqual([emails.hebdo, emails.quotidien].sort())

    expect(await sendPartnerDigests(db, TUESDAY, [place.structureId])).toBe(1)
    expect(await sendPartnerDigests(db, SATURDAY, [place.structureId])).toBe(0)
    // The same day again (a retry, a second worker): nothing more.
    expect(await sendPartnerDigests(db, new Date('2026-12-01T09:30:00Z'), [place.structureId])).toBe(0)
    expect(await sendPartnerDigests(db, NEXT_MONDAY, [place.structureId])).toBe(2)

    mails = await digestsTo(all)
    expect(countTo(mails, emails.quotidien!)).toBe(3)
    expect(countTo(mails, emails.hebdo!)).toBe(2)
    // Neither the user on one mail per prescription nor a disabled one.
    expect(countTo(mails, emails.chaque!)).toBe(0)
    expect(countTo(mails, emails.parti!)).toBe(0)
    const { rows } = await db.execute<{ period: string; mode: string }>(
      sql`select period, mode from partner_digests where user_id = ${place.ids.hebdo} order by period`,
    )
    expect(rows).toEqual([
      { period: '2026-11-30', mode: 'weekly' },
      { period: '2026-12-07', mode: 'weekly' },
    ])
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.structureId, place.structureId), eq(s.auditLog.action, 'prescription.digest')))
    expect(audit).toHaveLength(5)
  })

  it('lists the waiting prescriptions oldest first, with their waiting days, the new ones marked, initials only', async () => {
    const place = await newStructure({ quotidien: 'daily' })
    await newPrescription(place, new Date('2026-11-20T15:00:00Z'))
    await newPrescription(place, new Date('2026-11-27T10:00:00Z'))
    // Answered, or a manual prescription (no sheet), or another structure's: not listed.
    await newPrescription(place, new Date('2026-11-18T10:00:00Z'), 'INTEGRATED_CANDIDATE')
    const [manual] = await db
      .insert(s.socialApplies)
      .values({
        organisationId: place.organisationId,
        structureId: place.structureId,
        socialOfferId: place.offerId,
        candidateId: (
          await db
            .insert(s.candidates)
            .values({ organisationId: place.organisationId, firstName: 'Léa', lastName: 'Noël' })
            .returning()
        )[0]!.id,
        authorId: place.referentId,
        prescriptionDate: new Date('2026-11-19T10:00:00Z'),
      })
      .returning()
    expect(manual).toBeDefined()
    expect(await sendPartnerDigests(db, TUESDAY, [place.structureId])).toBe(1)
    // One made after Tuesday's digest: new in Wednesday's.
    await newPrescription(place, new Date('2026-12-01T14:00:00Z'))
    expect(await sendPartnerDigests(db, WEDNESDAY, [place.structureId])).toBe(1)

    const [tuesday, wednesday] = await digestsTo([place.emails.quotidien!])
    expect(tuesday!.subject).toBe('2 prescriptions attendent votre réponse')
    expect(tuesday!.text).toContain(`faites à «\u00a0Atelier Vélo`)
    // On the first digest, "new" is since Monday's 8:00: the prescription of the 27th (a Friday) is not.
    expect(tuesday!.text).not.toContain('[Nouvelle]')
    expect(wednesday!.subject).toBe('3 prescriptions attendent votre réponse')
    const lines = wednesday!.text.split('\n').filter((l) => l.startsWith('- '))
    expect(lines).toEqual([
      '- «\u00a0Vélo solidaire\u00a0», prescription du 20/11/2026 pour Y.\u00a0M.\u00a0: en attente depuis 12\u00a0jours',
      '- «\u00a0Vélo solidaire\u00a0», prescription du 27/11/2026 pour Y.\u00a0M.\u00a0: en attente depuis 5\u00a0jours',
      '- [Nouvelle] «\u00a0Vélo solidaire\u00a0», prescription du 01/12/2026 pour Y.\u00a0M.\u00a0: en attente depuis 1\u00a0jour',
    ])
    expect(wednesday!.text).toContain('dont 1 nouvelle depuis votre dernier récapitulatif')
    expect(wednesday!.text).toContain('https://passerelle.example/partners/structure/dashboard')
    expect(wednesday!.text).toContain('chaque jour ouvré à 8\u00a0h')
    for (const mail of [tuesday!, wednesday!]) expect(mail.text).not.toMatch(/Yanis|Morel|Léa|Noël/)
  })

  it('sends nothing when nothing waits, and leaves the day open', async () => {
    const place = await newStructure({ quotidien: 'daily' })
    expect(await sendPartnerDigests(db, WEDNESDAY, [place.structureId])).toBe(0)
    const { rows } = await db.execute(sql`select 1 from partner_digests where user_id = ${place.ids.quotidien}`)
    expect(rows).toHaveLength(0)
    // A prescription arrives later that morning: the next run that day sends it.
    await newPrescription(place, new Date('2026-12-02T08:00:00Z'))
    expect(await sendPartnerDigests(db, new Date('2026-12-02T09:00:00Z'), [place.structureId])).toBe(1)
  })

  it('run twice at once, sends one digest per user', async () => {
    const place = await newStructure({ a: 'daily', b: 'daily', c: 'weekly' })
    await newPrescription(place, new Date('2026-11-25T09:00:00Z'))
    await newPrescription(place, new Date('2026-11-26T09:00:00Z'))
    const runs = await Promise.all([
      sendPartnerDigests(db, NEXT_MONDAY, [place.structureId]),
      sendPartnerDigests(db, NEXT_MONDAY, [place.structureId]),
    ])
    expect(runs[0]! + runs[1]!).toBe(3)
    const mails = await digestsTo(Object.values(place.emails))
    for (const to of Object.values(place.emails)) expect(countTo(mails, to)).toBe(1)
    // Each with its one send job.
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from pgboss.job j join outbound_mails m on m.id = (j.data->>'mailId')::uuid
      where j.name = 'send-mail' and m.kind = 'prescription-digest' and m.structure_id = ${place.structureId}`)
    expect(rows[0]!.n).toBe(3)
  })

  it('a late prescription is reminded to the user on one mail each, and left to the digest of a daily user', async () => {
    const place = await newStructure({ quotidien: 'daily', chaque: 'perPrescription' })
    const applyId = await newPrescription(place, new Date('2026-11-16T09:00:00Z'))
    expect(await remindPendingPrescriptions(db, new Date('2026-11-27T10:00:00Z'), place.organisationId)).toBe(1)
    const reminders = await db
      .select()
      .from(s.outboundMails)
      .where(and(eq(s.outboundMails.kind, 'prescription-reminder'), eq(s.outboundMails.structureId, place.structureId)))
    expect(reminders.map((m) => m.toAddress)).toEqual([place.emails.chaque])
    const [apply] = await db.select().from(s.socialApplies).where(eq(s.socialApplies.id, applyId))
    expect(apply!.remindedAt).not.toBeNull()
    const [audit] = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.organisationId, place.organisationId), eq(s.auditLog.action, 'prescription.reminded')))
    expect(audit!.details).toMatchObject({ applyId, recipients: 1 })
    // The daily user reads it in Monday's digest, with its waiting days.
    expect(await sendPartnerDigests(db, MONDAY, [place.structureId])).toBe(1)
    const [digest] = await digestsTo([place.emails.quotidien!])
    expect(digest!.text).toContain('prescription du 16/11/2026 pour Y.\u00a0M.\u00a0: en attente depuis 14\u00a0jours')
  })
})

describe('the choice, at prescription time', () => {
  it('mails a new prescription at once to a user on one mail each, not to a user on a digest', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await tx.insert(s.users).values([
        {
          id: `t-${randomUUID()}`,
          email: 'chaque.fois@mobilite.test',
          name: 'Chaque',
          structureId: demoIds.structureMobilite,
          role: 'fullPartner',
          prescriptionMails: 'perPrescription',
        },
        {
          id: `t-${randomUUID()}`,
          email: 'chaque.jour@mobilite.test',
          name: 'Jour',
          structureId: demoIds.structureMobilite,
          role: 'fullPartner',
        },
        {
          id: `t-${randomUUID()}`,
          email: 'chaque.semaine@mobilite.test',
          name: 'Semaine',
          structureId: demoIds.structureMobilite,
          role: 'fullPartner',
          prescriptionMails: 'weekly',
        },
      ])
      const [antoine] = await tx
        .select()
        .from(s.candidates)
        .where(and(eq(s.candidates.organisationId, demoIds.orgSeineMaritime), eq(s.candidates.firstName, 'Antoine')))
      const result = await prescribe(asDb(tx), {
        organisationId: demoIds.orgSeineMaritime,
        authorId: 'demo-referent',
        input: {
          candidateId: antoine!.id,
          offerId: demoIds.offerPermis,
          prescription: {
            rsaReferentName: 'Romain Leroy',
            email: 'referent@passerelle.test',
            phone: '06 01 02 03 04',
            structure: 'Département de Seine-Maritime',
            address: 'Quai Jean Moulin, 76100 Rouen',
            goal: 'Permis B.',
            validatePrescription: true,
            approveDemand: true,
            prescriptionDate: '2026-11-20',
          },
        },
        now: new Date('2026-11-22T10:00:00Z'),
      })
      expect(result).toMatchObject({ ok: true, mailed: 2, linkSentTo: null })
      const sent = await tx
        .select()
        .from(s.outboundMails)
        .where(sql`${s.outboundMails.createdAt} = now()`)
      // The demo's partner is on one mail per prescription (db/seed.ts); the new default is a daily digest.
      expect(sent.map((m) => m.toAddress).sort()).toEqual(['chaque.fois@mobilite.test', 'partenaire@passerelle.test'])
    })
  })

  it('is the partner user’s own, saved with its audit row; refused to a user without a structure', async () => {
    const place = await newStructure({ quotidien: 'daily' })
    const id = place.ids.quotidien!
    expect(await setPrescriptionMails(db, { id, structureId: place.structureId }, 'weekly')).toEqual({
      ok: true,
      choice: 'weekly',
    })
    const [user] = await db.select().from(s.users).where(eq(s.users.id, id))
    expect(user!.prescriptionMails).toBe('weekly')
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, id), eq(s.auditLog.action, 'user.prescriptionMails')))
    expect(audit.map((a) => a.details)).toEqual([{ from: 'daily', to: 'weekly' }])
    // Another structure's id: refused, nothing written.
    expect(
      await setPrescriptionMails(db, { id, structureId: demoIds.structureHabitat }, 'perPrescription'),
    ).toMatchObject({ ok: false })
    expect((await db.select().from(s.users).where(eq(s.users.id, id)))[0]!.prescriptionMails).toBe('weekly')
    // The database refuses any other value.
    await expect(db.execute(sql`update "user" set prescription_mails = 'hourly' where id = ${id}`)).rejects.toThrow()
  })
})
