import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { prescribe, type PrescribeInput } from '@/lib/prescriptions/referent-prescribes'
import { unseal } from '@/lib/crypto/sealed'
import { inRolledBackTransaction, useTestDb, type Tx, testDatabaseUrl } from './db'
import { nirColumns } from '@/lib/candidates/nir-columns'

const db = useTestDb()
const REFERENT = 'demo-referent'
const REFERENT_LYON = 'demo-referent-lyon'
const NOW = new Date('2026-11-22T10:00:00.000Z')
const asDb = (tx: Tx) => tx as unknown as Db

// Links in mail start with BETTER_AUTH_URL.
const saved = { BETTER_AUTH_URL: process.env.BETTER_AUTH_URL }
beforeAll(() => {
  process.env.BETTER_AUTH_URL = 'https://passerelle.example'
})
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
})
/**
 * The mails queued by the test's own transaction (created_at is its start time, now()), as their headers and text
 * read: the worker sends them after the commit (tests/integration/mail-queue.int.test.ts proves the sending).
 */
async function mails(handle: Tx) {
  const rows = await handle
    .select()
    .from(s.outboundMails)
    .where(sql`${s.outboundMails.createdAt} = now()`)
    .orderBy(s.outboundMails.toAddress)
  return rows.map((m) => `To: ${m.toAddress}\nSubject: ${m.subject}\n\n${unseal(m.sealedText!)}`)
}

function pdfText(pdf: Buffer): string {
  const out = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`)
  return out.stdout.toString('utf8').replace(/\s+/g, ' ')
}

const form = (over: Record<string, unknown> = {}) => ({
  rsaReferentName: 'Romain Leroy',
  email: 'referent@passerelle.test',
  phone: '06 01 02 03 04',
  structure: 'Département de Seine-Maritime',
  address: 'Quai Jean Moulin, 76100 Rouen',
  goal: 'Obtenir le permis B pour accepter un poste d’aide à domicile.',
  validatePrescription: true,
  approveDemand: true,
  prescriptionDate: '2026-11-20',
  ...over,
})

async function candidateId(handle: Db | Tx, firstName: string) {
  const [row] = await handle
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(eq(s.candidates.firstName, firstName))
  return row!.id
}
async function counts(handle: Db | Tx) {
  const { rows } = await handle.execute<{ applies: number; fups: number; documents: number; audit: number }>(
    sql`select (select count(*)::int from social_applies) as applies, (select count(*)::int from fups) as fups,
      (select count(*)::int from documents) as documents, (select count(*)::int from audit_log) as audit`,
  )
  return rows[0]!
}

describe('prescribe: a prescription sheet', () => {
  it('creates the apply in PRESCRIPTION_FILLED, its FUP with the candidate read on the server, Fiche.pdf and the audit row', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const antoine = await candidateId(tx, 'Antoine')
      // The sensitive numbers and a custom field travel to the partner in the FUP, not through the request.
      await tx
        .update(s.candidates)
        .set({
          ...nirColumns('181057612345678'),
          cafNumber: '1234567',
          poleEmploiNumber: '1234567A',
          customFields: { drivingLicence: false, frenchLevel: 'b1', children: 2 },
        })
        .where(eq(s.candidates.id, antoine))
      const before = await counts(tx)
      const result = await prescribe(asDb(tx), {
        organisationId: demoIds.orgSeineMaritime,
        authorId: REFERENT,
        input: { candidateId: antoine, offerId: demoIds.offerPermis, prescription: form() },
        now: NOW,
      })
      expect(result).toMatchObject({ ok: true, offerName: 'Permis de conduire solidaire', mailed: 1 })
      if (!result.ok) return
      expect(await counts(tx)).toEqual({
        applies: before.applies + 1,
        fups: before.fups + 1,
        documents: before.documents + 1,
        audit: before.audit + 1,
      })

      const [apply] = await tx.select().from(s.socialApplies).where(eq(s.socialApplies.id, result.applyId))
      expect(apply).toMatchObject({
        state: 'PRESCRIPTION_FILLED',
        archived: false,
        organisationId: demoIds.orgSeineMaritime,
        structureId: demoIds.structureMobilite,
        socialOfferId: demoIds.offerPermis,
        candidateId: antoine,
        authorId: REFERENT,
        responseDate: null,
        cause: null,
      })
      // 20/11/2026 at noon in Paris (UTC+1 in November).
      expect(apply!.prescriptionDate.toISOString()).toBe('2026-11-20T11:00:00.000Z')

      const [fup] = await tx.select().from(s.fups).where(eq(s.fups.socialApplyId, result.applyId))
      expect(fup!.partnerFeedback).toBeNull()
      expect(fup!.prescription).toEqual(form())
      expect(fup!.beneficiary).toMatchObject({
        gender: 'M',
        birthDate: '1981-05-28',
        address: { formatted: '21 rue de la République, 76000 Le Havre', isQPV: false },
        phone: '0612345681',
        email: 'antoine.blanc@exemple.test',
        // The NIR is not shared with the partner.
        socialSecurityNumber: null,
        cafNumber: '1234567',
        poleEmploiNumber: '1234567A',
      })
      const fields = Object.fromEntries(fup!.beneficiary.additionalFields.map((f) => [f.key, f]))
      expect(fields.children).toEqual({
        key: 'children',
        label: 'Enfants à charge',
        type: 'number',
        value: 2,
        options: [],
      })
      expect(fields.frenchLevel).toMatchObject({ type: 'list', value: 'b1' })
      expect(fields.rsaStartDate).toMatchObject({ value: null })
      // The offer is financed by the FSE: its logo is on the sheet from the start.
      expect(fup!.sponsorsLogo.map((l) => l.value)).toEqual(['fse'])

      const [doc] = await tx.select().from(s.documents).where(eq(s.documents.id, apply!.prescriptionDocumentId!))
      expect(doc!.name).toBe('Fiche.pdf')
      expect(doc!.mimeType).toBe('application/pdf')
      const text = pdfText(doc!.content)
      expect(text).toContain('Antoine Blanc')
      expect(text).toContain('Obtenir le permis B pour accepter un poste d’aide à domicile.')
      expect(text).toContain('Permis de conduire solidaire')
      expect(text).toContain('20/11/2026')
      expect(text).not.toContain('181057612345678')

      const [audit] = await tx.select().from(s.auditLog).where(eq(s.auditLog.entityId, result.applyId))
      expect(audit).toMatchObject({
        action: 'prescription.created',
        actorId: REFERENT,
        organisationId: demoIds.orgSeineMaritime,
        structureId: demoIds.structureMobilite,
      })
      expect(audit!.details).toEqual({ candidateId: antoine, offerId: demoIds.offerPermis, documentId: doc!.id })
      expect(JSON.stringify(fup)).not.toContain('181057612345678')
      expect(JSON.stringify(audit!.details)).not.toMatch(/Antoine|Blanc|181057/)
    })
  })

  it('mails every enabled user of the partner structure the deep link, and nothing about the candidate', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await tx.insert(s.users).values([
        {
          id: `t-${randomUUID()}`,
          email: 'second.partenaire@mobilite.test',
          name: 'Second',
          structureId: demoIds.structureMobilite,
          role: 'fullPartner',
          // One mail per prescription, as the demo's partner (a user on a digest reads it there: partner-digest.int.test.ts).
          prescriptionMails: 'perPrescription',
        },
        {
          id: `t-${randomUUID()}`,
          email: 'ancien.partenaire@mobilite.test',
          name: 'Ancien',
          structureId: demoIds.structureMobilite,
          role: 'fullPartner',
          disabled: true,
        },
      ])
      const antoine = await candidateId(tx, 'Antoine')
      const result = await prescribe(asDb(tx), {
        organisationId: demoIds.orgSeineMaritime,
        authorId: REFERENT,
        input: { candidateId: antoine, offerId: demoIds.offerPermis, prescription: form() },
        now: NOW,
      })
      expect(result).toMatchObject({ ok: true, mailed: 2 })
      if (!result.ok) return
      const sent = await mails(tx)
      expect(sent).toHaveLength(2)
      // Each with its send job, in the same transaction.
      const { rows: jobs } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'send-mail' and (data->>'mailId')::uuid in (select id from outbound_mails where created_at = now())`,
      )
      expect(jobs[0]!.n).toBe(2)
      expect(sent.map((m) => /^To: (.+)$/m.exec(m)![1]!.trim()).sort()).toEqual([
        'partenaire@passerelle.test',
        'second.partenaire@mobilite.test',
      ])
      for (const mail of sent) {
        expect(mail).toContain('Subject: Une nouvelle prescription vous attend')
        expect(mail).toContain(
          `https://passerelle.example/offer/social/${demoIds.offerPermis}?socialApplyId=${result.applyId}`,
        )
        expect(mail).toContain('Permis de conduire solidaire')
        expect(mail).not.toMatch(/Antoine|Blanc|antoine\.blanc/)
      }
    })
  })
})

describe('prescribe: refusals write nothing', () => {
  const cases: [string, PrescribeInput, string, string][] = [
    ['no goal', { prescription: form({ goal: '   ' }) }, 'goal', 'L’objectif de la prescription est obligatoire'],
    [
      'a badly formed email',
      { prescription: form({ email: 'pas-un-email' }) },
      'email',
      "L'email n'est pas bien formaté",
    ],
    ['an incomplete phone', { prescription: form({ phone: '06 12' }) }, 'phone', "Le téléphone n'est pas complet"],
    [
      'no referent name',
      { prescription: form({ rsaReferentName: '' }) },
      'rsaReferentName',
      'Le nom du référent est obligatoire',
    ],
    [
      'no structure',
      { prescription: form({ structure: '' }) },
      'structure',
      'La structure du référent est obligatoire',
    ],
    [
      'the prescription not validated',
      { prescription: form({ validatePrescription: false }) },
      'validatePrescription',
      'Vous devez valider la prescription',
    ],
    [
      'the demand not approved',
      { prescription: form({ approveDemand: 'true' }) },
      'approveDemand',
      'L’accord du bénéficiaire pour cette demande est obligatoire',
    ],
    [
      'a date in the future',
      { prescription: form({ prescriptionDate: '2026-11-23' }) },
      'prescriptionDate',
      'La date de prescription ne peut pas être dans le futur',
    ],
    [
      'a date that does not exist',
      { prescription: form({ prescriptionDate: '2026-02-30' }) },
      'prescriptionDate',
      'La date n’est pas valide',
    ],
    [
      'a crafted extra field',
      { prescription: form({ partnerFeedback: {} }) },
      '_',
      'La réponse contient un champ inconnu',
    ],
    [
      'no candidate',
      { candidateId: undefined, prescription: form() },
      'candidateId',
      'Choisissez le candidat à prescrire',
    ],
    [
      'an offer id that is not one',
      { offerId: 'permis', prescription: form() },
      'offerId',
      'Choisissez l’offre sociale',
    ],
    [
      'a manual prescription without date',
      { manual: true, prescription: {} },
      'prescriptionDate',
      'La date de prescription est obligatoire',
    ],
  ]
  it.each(cases)('%s: the French message on its field', async (_name, over, field, message) => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await counts(tx)
      const input = { candidateId: await candidateId(tx, 'Antoine'), offerId: demoIds.offerPermis, ...over }
      const result = await prescribe(asDb(tx), {
        organisationId: demoIds.orgSeineMaritime,
        authorId: REFERENT,
        input,
        now: NOW,
      })
      expect(result.ok).toBe(false)
      if (result.ok) return
      expect(result.fieldErrors?.[field]).toBe(message)
      expect(await counts(tx)).toEqual(before)
      expect(await mails(tx)).toEqual([])
    })
  })

  async function refused(tx: Tx, organisationId: string, authorId: string, candidate: string, offerId: string) {
    const before = await counts(tx)
    const mailsBefore = (await mails(tx)).length
    const result = await prescribe(asDb(tx), {
      organisationId,
      authorId,
      input: { candidateId: candidate, offerId, prescription: form() },
      now: NOW,
    })
    expect(await counts(tx)).toEqual(before)
    expect(await mails(tx)).toHaveLength(mailsBefore)
    return result
  }

  it('another organisation’s candidate is not found', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const lea = await candidateId(tx, 'Léa')
      expect(await refused(tx, demoIds.orgSeineMaritime, REFERENT, lea, demoIds.offerPermis)).toEqual({
        ok: false,
        error: 'Ce candidat est introuvable.',
      })
    })
  })

  it('an expired offer takes no prescription', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const antoine = await candidateId(tx, 'Antoine')
      expect(await refused(tx, demoIds.orgSeineMaritime, REFERENT, antoine, demoIds.offerExpired)).toEqual({
        ok: false,
        error: 'Cette offre est expirée\u00a0: elle ne peut plus recevoir de prescription.',
      })
    })
  })

  it('an offer of a structure registered by another organisation is not found; a shared structure’s is open to all', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const lea = await candidateId(tx, 'Léa')
      expect(await refused(tx, demoIds.orgLyon, REFERENT_LYON, lea, demoIds.offerPermis)).toEqual({
        ok: false,
        error: 'Cette offre sociale est introuvable.',
      })
      const [shared] = await tx
        .insert(s.partnerStructures)
        .values({ organisationId: null, name: 'Structure partagée' })
        .returning()
      const [offer] = await tx
        .insert(s.socialOffers)
        .values({
          structureId: shared!.id,
          offerId: `shared-${randomUUID()}`,
          name: 'Offre partagée',
          source: 'test',
          providerName: 'Structure partagée',
        })
        .returning()
      const result = await prescribe(asDb(tx), {
        organisationId: demoIds.orgLyon,
        authorId: REFERENT_LYON,
        input: { candidateId: lea, offerId: offer!.id, prescription: form() },
        now: NOW,
      })
      expect(result).toMatchObject({ ok: true, mailed: 0 })
    })
  })

  it('a candidate with a pending prescription on the offer is refused; once answered, a new one is possible', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = await candidateId(tx, 'Élodie') // pending on the Permis offer in the demo data
      expect(await refused(tx, demoIds.orgSeineMaritime, REFERENT, elodie, demoIds.offerPermis)).toEqual({
        ok: false,
        error: 'Ce candidat a déjà une prescription en cours pour cette offre.',
      })
      const nadia = await candidateId(tx, 'Nadia') // refused on the Permis offer: she may be prescribed again
      const result = await prescribe(asDb(tx), {
        organisationId: demoIds.orgSeineMaritime,
        authorId: REFERENT,
        input: { candidateId: nadia, offerId: demoIds.offerPermis, prescription: form() },
        now: NOW,
      })
      expect(result.ok).toBe(true)
      expect(await refused(tx, demoIds.orgSeineMaritime, REFERENT, nadia, demoIds.offerPermis)).toEqual({
        ok: false,
        error: 'Ce candidat a déjà une prescription en cours pour cette offre.',
      })
    })
  })
})

describe('prescribe: two prescriptions of the same candidate at once', () => {
  const created = { structureId: '', offerId: '', candidateIds: [] as string[] }

  beforeAll(async () => {
    const [structure] = await db
      .insert(s.partnerStructures)
      .values({ organisationId: demoIds.orgSeineMaritime, name: 'Structure de test — prescriptions' })
      .returning()
    created.structureId = structure!.id
    await db
      .insert(s.organisationPartnerStructures)
      .values({ organisationId: demoIds.orgSeineMaritime, structureId: structure!.id })
    const [offer] = await db
      .insert(s.socialOffers)
      .values({
        structureId: structure!.id,
        offerId: `prescription-race-${randomUUID()}`,
        name: 'Offre de test prescriptions',
        source: 'test',
        providerName: 'Structure de test',
      })
      .returning()
    created.offerId = offer!.id
    for (let i = 0; i < 3; i++) {
      const [c] = await db
        .insert(s.candidates)
        .values({ organisationId: demoIds.orgSeineMaritime, firstName: 'Course', lastName: `Prescription ${i}` })
        .returning()
      created.candidateIds.push(c!.id)
    }
  })

  afterAll(async () => {
    const applies = await db
      .select({ id: s.socialApplies.id, doc: s.socialApplies.prescriptionDocumentId })
      .from(s.socialApplies)
      .where(eq(s.socialApplies.socialOfferId, created.offerId))
    const ids = applies.map((a) => a.id)
    if (ids.length) {
      await db.delete(s.auditLog).where(inArray(s.auditLog.entityId, ids))
      await db.delete(s.fups).where(inArray(s.fups.socialApplyId, ids))
      await db.delete(s.socialApplies).where(inArray(s.socialApplies.id, ids))
      await db.delete(s.documents).where(inArray(s.documents.id, applies.map((a) => a.doc!).filter(Boolean)))
    }
    await db.delete(s.candidates).where(inArray(s.candidates.id, created.candidateIds))
    await db.delete(s.socialOffers).where(eq(s.socialOffers.id, created.offerId))
    await db
      .delete(s.organisationPartnerStructures)
      .where(eq(s.organisationPartnerStructures.structureId, created.structureId))
    await db.delete(s.partnerStructures).where(eq(s.partnerStructures.id, created.structureId))
  })

  async function sessionsWaitingForALock(): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'select%from "candidates"%for update%'`,
    )
    return rows[0]!.n
  }

  /** Holds the candidate's row lock from another connection until both calls wait on it: both have passed the offer checks. */
  async function bothWaiting<T>(candidate: string, race: () => Promise<T>): Promise<T> {
    const blocker = new pg.Client({ connectionString: testDatabaseUrl() })
    await blocker.connect()
    try {
      await blocker.query('begin')
      await blocker.query('select id from candidates where id = $1 for update', [candidate])
      const racing = race()
      const deadline = Date.now() + 10_000
      while ((await sessionsWaitingForALock()) < 2) {
        if (Date.now() > deadline) throw new Error('the two prescriptions never queued on the candidate lock')
        await new Promise((r) => setTimeout(r, 20))
      }
      await blocker.query('commit')
      return await racing
    } finally {
      await blocker.end()
    }
  }

  it('creates exactly one apply; the other call is told the prescription is pending', async () => {
    for (const [round, candidate] of created.candidateIds.entries()) {
      const call = () =>
        prescribe(db, {
          organisationId: demoIds.orgSeineMaritime,
          authorId: REFERENT,
          input: { candidateId: candidate, offerId: created.offerId, prescription: form() },
          now: NOW,
        })
      const race = () => Promise.all([call(), call()])
      const results = round === 0 ? await bothWaiting(candidate, race) : await race()
      expect(results.filter((r) => r.ok)).toHaveLength(1)
      expect(results.filter((r) => !r.ok)).toEqual([
        { ok: false, error: 'Ce candidat a déjà une prescription en cours pour cette offre.' },
      ])
      const applies = await db
        .select()
        .from(s.socialApplies)
        .where(and(eq(s.socialApplies.candidateId, candidate), eq(s.socialApplies.socialOfferId, created.offerId)))
      expect(applies).toHaveLength(1)
      expect(await db.select().from(s.fups).where(eq(s.fups.socialApplyId, applies[0]!.id))).toHaveLength(1)
      expect(await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, applies[0]!.id))).toHaveLength(1)
    }
  })
})
