import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { getApplyDocument } from '@/lib/prescriptions/documents'
import { FSE_LOGO, type FupAnswer, fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import { sendFup } from '@/lib/prescriptions/partner-answers-fup'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx, testDatabaseUrl } from './db'

const db = useTestDb()

const PARTNER = 'demo-partenaire'
const PARTNER_HABITAT = 'demo-partenaire-habitat'
const REFERENT = 'demo-referent'
const NOW = new Date('2026-11-05T10:00:00.000Z')
const mobilite = { structureId: demoIds.structureMobilite, organisationId: null }
const seineMaritime = { structureId: null, organisationId: demoIds.orgSeineMaritime }
const habitat = { structureId: demoIds.structureHabitat, organisationId: null }
const lyon = { structureId: null, organisationId: demoIds.orgLyon }

/** sendFup opens its own transaction; on a transaction handle that is a savepoint, rolled back with the test's transaction. */
const asDb = (tx: Tx) => tx as unknown as Db

/** The text of a PDF, through poppler's pdftotext, whitespace collapsed. */
function pdfText(pdf: Buffer): string {
  const out = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`)
  return out.stdout.toString('utf8').replace(/\s+/g, ' ')
}

function answer(
  decision: Record<string, unknown>,
  feedback: Record<string, unknown> = {},
  sponsorsLogo: unknown[] = [],
): FupAnswer {
  return fupAnswerSchema.parse({
    partnerFeedback: {
      accompanierName: 'Paula Moreau',
      name: 'Mobilité Solidaire',
      email: 'permis@mobilite-solidaire.test',
      phone: '02 35 00 00 01',
      address: '12 rue du Gros-Horloge, 76000 Rouen',
      decision,
      ...feedback,
    },
    sponsorsLogo,
  })
}
const integrated = (feedback: Record<string, unknown> = {}, sponsorsLogo: unknown[] = []) =>
  answer(
    { partnerDecision: 'integrated', firstReceptionDate: '2026-11-12', assessmentDate: '2027-02-15' },
    feedback,
    sponsorsLogo,
  )
const refused = (cause: string, extra: Record<string, unknown> = {}, feedback: Record<string, unknown> = {}) =>
  answer({ partnerDecision: 'notIntegrated', cause, ...extra }, feedback)

/** A seeded apply, by its candidate's first name and its offer. */
async function seededApply(handle: Db | Tx, firstName: string, offerId: string = demoIds.offerPermis) {
  const [row] = await handle
    .select({ id: s.socialApplies.id, candidateId: s.socialApplies.candidateId })
    .from(s.socialApplies)
    .innerJoin(s.candidates, eq(s.candidates.id, s.socialApplies.candidateId))
    .where(and(eq(s.candidates.firstName, firstName), eq(s.socialApplies.socialOfferId, offerId)))
  return row!
}

async function applyRow(handle: Db | Tx, id: string) {
  const [row] = await handle.select().from(s.socialApplies).where(eq(s.socialApplies.id, id))
  return row!
}
async function fupRow(handle: Db | Tx, applyId: string) {
  const [row] = await handle.select().from(s.fups).where(eq(s.fups.socialApplyId, applyId))
  return row
}
async function tableCounts(handle: Db | Tx) {
  const { rows } = await handle.execute<{ documents: number; notifications: number; audit: number }>(
    sql`select (select count(*)::int from documents) as documents, (select count(*)::int from notifications) as notifications, (select count(*)::int from audit_log) as audit`,
  )
  return rows[0]!
}
/** Everything sendFup may touch for one apply, to show that a refused call changed nothing. */
async function snapshot(handle: Db | Tx, applyId: string) {
  return {
    apply: await applyRow(handle, applyId),
    fup: (await fupRow(handle, applyId)) ?? null,
    counts: await tableCounts(handle),
  }
}

describe('sendFup: an integration', () => {
  it('moves the apply to the integrated tab and stores the answer, its PDF, a notification and an audit row', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = await seededApply(tx, 'Élodie')
      const before = await tableCounts(tx)
      const sent = integrated()
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: elodie.id,
        answer: sent,
        actorId: PARTNER,
        now: NOW,
      })

      expect(result).toMatchObject({ ok: true, state: 'INTEGRATED_CANDIDATE', referentId: REFERENT })
      if (!result.ok) return

      const apply = await applyRow(tx, elodie.id)
      expect(apply).toMatchObject({
        state: 'INTEGRATED_CANDIDATE',
        firstReceptionDate: '2026-11-12',
        assessmentDate: '2027-02-15',
        cause: null,
        archived: false,
      })
      expect(apply.responseDate?.toISOString()).toBe(NOW.toISOString())

      const fup = (await fupRow(tx, elodie.id))!
      expect(fup.partnerFeedback).toEqual({
        accompanierName: 'Paula Moreau',
        name: 'Mobilité Solidaire',
        email: 'permis@mobilite-solidaire.test',
        phone: '02 35 00 00 01',
        address: '12 rue du Gros-Horloge, 76000 Rouen',
        decision: {
          partnerDecision: 'integrated',
          cause: null,
          firstReceptionDate: '2026-11-12',
          assessmentDate: '2027-02-15',
          firstConvocation: null,
          secondConvocation: null,
          thirdConvocation: null,
        },
      })
      expect(fup.answerDocumentId).toBe(result.documentId)

      const [doc] = await tx.select().from(s.documents).where(eq(s.documents.id, result.documentId))
      expect(doc!.mimeType).toBe('application/pdf')
      expect(doc!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')

      const notices = await tx
        .select()
        .from(s.notifications)
        .where(sql`${s.notifications.payload}->>'applyId' = ${elodie.id}`)
      expect(notices).toHaveLength(1)
      expect(notices[0]).toMatchObject({ userId: REFERENT, readAt: null })
      expect(notices[0]!.payload).toMatchObject({
        applyId: elodie.id,
        candidateId: elodie.candidateId,
        offerId: demoIds.offerPermis,
        state: 'INTEGRATED_CANDIDATE',
      })

      const audits = await tx
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, elodie.id), eq(s.auditLog.action, 'fup.sent')))
      expect(audits).toHaveLength(1)
      expect(audits[0]).toMatchObject({
        actorId: PARTNER,
        structureId: demoIds.structureMobilite,
        organisationId: demoIds.orgSeineMaritime,
        entityType: 'socialApply',
      })
      // Audit details: ids and codes only (lib/audit.ts) — no name, email or phone of the answer.
      expect(JSON.stringify(audits[0]!.details)).not.toMatch(/Paula|@|02 35/)

      expect(await tableCounts(tx)).toEqual({
        documents: before.documents + 1,
        notifications: before.notifications + 1,
        audit: before.audit + 1,
      })
    })
  })

  it('puts the FSE logo on the answer of an FSE-financed offer, once, whatever the partner sent', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const karim = await seededApply(tx, 'Karim')
      const departement = {
        label: 'Département de Seine-Maritime',
        value: 'departement',
        uri: '/logos/departement.svg',
        required: false,
      }
      const ownFse = { label: 'FSE+', value: 'fse', uri: '/logos/fse.svg', required: true }
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: karim.id,
        answer: integrated({}, [departement]),
        actorId: PARTNER,
        now: NOW,
      })
      expect(result.ok).toBe(true)
      const logos = (await fupRow(tx, karim.id))!.sponsorsLogo
      expect(logos.filter((l) => l.value === 'fse')).toHaveLength(1)
      expect(logos).toContainEqual(departement)
      expect(logos).toHaveLength(2)
      const [doc] = await tx
        .select()
        .from(s.documents)
        .where(eq(s.documents.id, result.ok ? result.documentId : ''))
      const text = pdfText(doc!.content)
      expect(text).toContain(FSE_LOGO.label)
      expect(text).toContain('Département de Seine-Maritime')

      const sophie = await seededApply(tx, 'Sophie')
      await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: sophie.id,
        answer: integrated({}, [ownFse]),
        actorId: PARTNER,
        now: NOW,
      })
      expect((await fupRow(tx, sophie.id))!.sponsorsLogo.filter((l) => l.value === 'fse')).toHaveLength(1)
    })
  })

  it('lets the structure and the candidate’s organisation read the answer PDF, and nobody else', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = await seededApply(tx, 'Élodie')
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: elodie.id,
        answer: integrated(),
        actorId: PARTNER,
        now: NOW,
      })
      if (!result.ok) throw new Error(result.error)
      for (const tenant of [mobilite, seineMaritime]) {
        const doc = await getApplyDocument(tx, result.documentId, tenant)
        expect(doc?.mimeType).toBe('application/pdf')
        expect(doc!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      }
      expect(await getApplyDocument(tx, result.documentId, habitat)).toBeNull()
      expect(await getApplyDocument(tx, result.documentId, lyon)).toBeNull()
    })
  })
})

describe('sendFup: a refusal', () => {
  it('moves the apply to the refused tab with its cause and no integration dates', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const karim = await seededApply(tx, 'Karim')
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: karim.id,
        answer: refused('hasJob'),
        actorId: PARTNER,
        now: NOW,
      })
      expect(result).toMatchObject({ ok: true, state: 'REFUSED_STRUCTURE', referentId: REFERENT })
      if (!result.ok) return
      const apply = await applyRow(tx, karim.id)
      expect(apply).toMatchObject({
        state: 'REFUSED_STRUCTURE',
        cause: 'hasJob',
        firstReceptionDate: null,
        assessmentDate: null,
      })
      expect(apply.responseDate?.toISOString()).toBe(NOW.toISOString())
      expect((await fupRow(tx, karim.id))!.partnerFeedback!.decision).toMatchObject({
        partnerDecision: 'notIntegrated',
        cause: 'hasJob',
      })
      const [notice] = await tx
        .select()
        .from(s.notifications)
        .where(sql`${s.notifications.payload}->>'applyId' = ${karim.id}`)
      expect(notice!.payload).toMatchObject({ state: 'REFUSED_STRUCTURE', cause: 'hasJob' })
      const [audit] = await tx
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, karim.id), eq(s.auditLog.action, 'fup.sent')))
      expect(audit!.details).toMatchObject({ state: 'REFUSED_STRUCTURE', cause: 'hasJob' })
    })
  })

  it("prints the candidate, the offer, 'Non intégré' and the cause's French label on the answer PDF", async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const karim = await seededApply(tx, 'Karim')
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: karim.id,
        answer: refused('hasJob'),
        actorId: PARTNER,
        now: NOW,
      })
      if (!result.ok) throw new Error(result.error)
      const [doc] = await tx.select().from(s.documents).where(eq(s.documents.id, result.documentId))
      const text = pdfText(doc!.content)
      expect(text).toContain('Karim Benali')
      expect(text).toContain('Permis de conduire solidaire')
      expect(text).toContain('Non intégré')
      expect(text).toContain('A retrouvé un emploi')
      expect(text).toContain('Paula Moreau')
      expect(text).not.toContain('hasJob')
    })
  })

  it('stores the three convocations of the no-answer cause and prints its label', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const sophie = await seededApply(tx, 'Sophie')
      const convocations = {
        firstConvocation: { date: '2026-10-20', reason: 'unexcusedAbsence' },
        secondConvocation: { date: '2026-10-27', reason: 'excusedAbsence' },
        thirdConvocation: { date: '2026-11-03', reason: 'unexcusedAbsence' },
      }
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: sophie.id,
        answer: refused('noAnswerToConvocations', convocations),
        actorId: PARTNER,
        now: NOW,
      })
      if (!result.ok) throw new Error(result.error)
      expect((await applyRow(tx, sophie.id)).cause).toBe('noAnswerToConvocations')
      expect((await fupRow(tx, sophie.id))!.partnerFeedback!.decision).toMatchObject(convocations)
      const [doc] = await tx.select().from(s.documents).where(eq(s.documents.id, result.documentId))
      const text = pdfText(doc!.content)
      expect(text).toContain('Sophie Lefèvre')
      expect(text).toMatch(/N['’]a pas répondu aux 3 convocations/)
    })
  })
})

describe('sendFup: what it refuses, changing nothing', () => {
  it('answers notFound to a partner of another structure', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = await seededApply(tx, 'Élodie')
      const before = await snapshot(tx, elodie.id)
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureHabitat,
        applyId: elodie.id,
        answer: integrated(),
        actorId: PARTNER_HABITAT,
        now: NOW,
      })
      expect(result).toEqual({ ok: false, error: 'notFound' })
      expect(await snapshot(tx, elodie.id)).toEqual(before)
    })
  })

  it("answers notFound to Mobilité Solidaire for Habitat Relais's pending apply", async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ines = await seededApply(tx, 'Inès', demoIds.offerHabitat)
      const before = await snapshot(tx, ines.id)
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: ines.id,
        answer: integrated(),
        actorId: PARTNER,
        now: NOW,
      })
      expect(result).toEqual({ ok: false, error: 'notFound' })
      expect(await snapshot(tx, ines.id)).toEqual(before)
    })
  })

  it('answers notFound to an unknown apply id', async () => {
    const result = await sendFup(db, {
      structureId: demoIds.structureMobilite,
      applyId: randomUUID(),
      answer: integrated(),
      actorId: PARTNER,
      now: NOW,
    })
    expect(result).toEqual({ ok: false, error: 'notFound' })
  })

  it('answers notFound to an archived apply', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = await seededApply(tx, 'Élodie')
      await tx.update(s.socialApplies).set({ archived: true }).where(eq(s.socialApplies.id, elodie.id))
      const before = await snapshot(tx, elodie.id)
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: elodie.id,
        answer: integrated(),
        actorId: PARTNER,
        now: NOW,
      })
      expect(result).toEqual({ ok: false, error: 'notFound' })
      expect(await snapshot(tx, elodie.id)).toEqual(before)
    })
  })

  it('answers noFup to the manual prescription', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const mamadou = await seededApply(tx, 'Mamadou')
      const before = await snapshot(tx, mamadou.id)
      expect(before.fup).toBeNull()
      expect(before.apply.state).toBe('PRESCRIPTION_FILLED')
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: mamadou.id,
        answer: integrated(),
        actorId: PARTNER,
        now: NOW,
      })
      expect(result).toEqual({ ok: false, error: 'noFup' })
      expect(await snapshot(tx, mamadou.id)).toEqual(before)
    })
  })

  it('answers alreadyAnswered to a second answer, which changes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = await seededApply(tx, 'Élodie')
      const first = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: elodie.id,
        answer: integrated(),
        actorId: PARTNER,
        now: NOW,
      })
      expect(first.ok).toBe(true)
      const before = await snapshot(tx, elodie.id)
      const second = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: elodie.id,
        answer: refused('hasMoved'),
        actorId: PARTNER,
        now: new Date('2026-11-06T10:00:00Z'),
      })
      expect(second).toEqual({ ok: false, error: 'alreadyAnswered' })
      expect(await snapshot(tx, elodie.id)).toEqual(before)
      expect(before.apply.state).toBe('INTEGRATED_CANDIDATE')
    })
  })

  it('answers alreadyAnswered for the seeded integrated and refused applies', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      for (const name of ['Chloé', 'Nadia']) {
        const apply = await seededApply(tx, name)
        const before = await snapshot(tx, apply.id)
        const result = await sendFup(asDb(tx), {
          structureId: demoIds.structureMobilite,
          applyId: apply.id,
          answer: integrated(),
          actorId: PARTNER,
          now: NOW,
        })
        expect(result, name).toEqual({ ok: false, error: 'alreadyAnswered' })
        expect(await snapshot(tx, apply.id)).toEqual(before)
      }
    })
  })
})

describe('sendFup: the answer PDF is text only', () => {
  it('prints an HTML payload in a text field as harmless text', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = await seededApply(tx, 'Élodie')
      const payload = '<img src=x onerror=alert(1)>'
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: elodie.id,
        answer: refused(
          'beneficiaryRefusal',
          {},
          {
            accompanierName: `Paula ${payload}`,
            name: `<script>alert(1)</script>Mobilité Solidaire`,
            address: payload,
          },
        ),
        actorId: PARTNER,
        now: NOW,
      })
      if (!result.ok) throw new Error(result.error)
      const [doc] = await tx.select().from(s.documents).where(eq(s.documents.id, result.documentId))
      const text = pdfText(doc!.content)
      expect(text).not.toMatch(/<img|<script|onerror/i)
      // The sheet is still whole around the neutralised fields.
      expect(text).toContain('Élodie Durand')
      expect(text).toContain('Paula')
      expect(text).toContain('Mobilité Solidaire')
      expect(text).toContain('Refus du bénéficiaire')
    })
  })

  // Regression test (fixed): the value is checked as the spec and a partner expect.
  it("prints '&' and '<' as typed, not as HTML entities", async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = await seededApply(tx, 'Élodie')
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: elodie.id,
        answer: integrated({ name: 'Mobilité & Insertion', address: 'Bât. A < 2e étage' }),
        actorId: PARTNER,
        now: NOW,
      })
      if (!result.ok) throw new Error(result.error)
      const [doc] = await tx.select().from(s.documents).where(eq(s.documents.id, result.documentId))
      const text = pdfText(doc!.content)
      expect(text).toContain('Mobilité & Insertion')
      expect(text).toContain('Bât. A < 2e étage')
      expect(text).not.toMatch(/&amp;|&lt;/)
    })
  })
})

/*
 * Two partners answering the same prescription at once: real commits on the shared database, so the
 * records are our own (a fresh structure, offer, candidates, applies and FUPs), removed afterwards.
 */
describe('sendFup: two answers at once', () => {
  const created = { structureId: '', offerId: '', candidateIds: [] as string[], applyIds: [] as string[] }
  let countsBefore: Awaited<ReturnType<typeof tableCounts>> | undefined

  async function createFreshApplies(n: number) {
    countsBefore = await tableCounts(db)
    const [structure] = await db
      .insert(s.partnerStructures)
      .values({ organisationId: demoIds.orgSeineMaritime, name: 'Structure de test — course' })
      .returning()
    created.structureId = structure!.id
    const [offer] = await db
      .insert(s.socialOffers)
      .values({
        structureId: structure!.id,
        offerId: `course-${randomUUID()}`,
        name: 'Offre de test course',
        source: 'test',
        providerName: 'Structure de test',
        financingModes: ['fse'],
      })
      .returning()
    created.offerId = offer!.id
    for (let i = 0; i < n; i++) {
      const [candidate] = await db
        .insert(s.candidates)
        .values({ organisationId: demoIds.orgSeineMaritime, firstName: 'Course', lastName: `Candidat ${i}` })
        .returning()
      created.candidateIds.push(candidate!.id)
      const [apply] = await db
        .insert(s.socialApplies)
        .values({
          organisationId: demoIds.orgSeineMaritime,
          structureId: structure!.id,
          socialOfferId: offer!.id,
          candidateId: candidate!.id,
          authorId: REFERENT,
        })
        .returning()
      created.applyIds.push(apply!.id)
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
          rsaReferentName: 'Romain Leroy',
          email: 'referent@passerelle.test',
          phone: '0601020304',
          structure: 'Département de Seine-Maritime',
          address: 'Rouen',
          goal: 'Test',
          validatePrescription: true,
          approveDemand: true,
          prescriptionDate: '2026-11-01T09:00:00.000Z',
        },
      })
    }
  }

  afterAll(async () => {
    const ids = created.applyIds
    if (ids.length) {
      const answers = await db
        .select({ id: s.fups.answerDocumentId })
        .from(s.fups)
        .where(inArray(s.fups.socialApplyId, ids))
      await db.delete(s.notifications).where(inArray(sql`${s.notifications.payload}->>'applyId'`, ids))
      await db.delete(s.auditLog).where(inArray(s.auditLog.entityId, ids))
      await db.delete(s.fups).where(inArray(s.fups.socialApplyId, ids))
      await db.delete(s.socialApplies).where(inArray(s.socialApplies.id, ids))
      const docIds = answers.map((a) => a.id).filter((id): id is string => id !== null)
      if (docIds.length) await db.delete(s.documents).where(inArray(s.documents.id, docIds))
    }
    if (created.candidateIds.length) await db.delete(s.candidates).where(inArray(s.candidates.id, created.candidateIds))
    // The referent's mails the two answers queued name the structure.
    if (created.structureId)
      await db.delete(s.outboundMails).where(eq(s.outboundMails.structureId, created.structureId))
    if (created.offerId) await db.delete(s.socialOffers).where(eq(s.socialOffers.id, created.offerId))
    if (created.structureId) await db.delete(s.partnerStructures).where(eq(s.partnerStructures.id, created.structureId))
    if (countsBefore) expect(await tableCounts(db)).toEqual(countsBefore)
  })

  /** Sessions of this database waiting for a lock (the two guarded updates queued behind the blocker). */
  async function sessionsWaitingForALock(): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "social_applies"%'`,
    )
    return rows[0]!.n
  }

  /**
   * Holds the apply's row lock from another connection until both calls are queued on their guarded
   * update, so that both have passed sendFup's early state check: only the guard in the update can
   * then tell them apart.
   */
  async function bothPastTheEarlyCheck<T>(applyId: string, race: () => Promise<T>): Promise<T> {
    const blocker = new pg.Client({ connectionString: testDatabaseUrl() })
    await blocker.connect()
    try {
      await blocker.query('begin')
      await blocker.query('select id from social_applies where id = $1 for update', [applyId])
      const racing = race()
      const deadline = Date.now() + 10_000
      while ((await sessionsWaitingForALock()) < 2) {
        if (Date.now() > deadline) throw new Error('the two answers never queued on the row lock')
        await new Promise((r) => setTimeout(r, 20))
      }
      await blocker.query('commit')
      return await racing
    } finally {
      await blocker.end()
    }
  }

  it('lets exactly one win: one document, one notification, one audit row; the other gets alreadyAnswered', async () => {
    const rounds = 3
    await createFreshApplies(rounds)
    for (const [round, applyId] of created.applyIds.entries()) {
      const before = await tableCounts(db)
      const race = () =>
        Promise.all([
          sendFup(db, { structureId: created.structureId, applyId, answer: integrated(), actorId: PARTNER, now: NOW }),
          sendFup(db, {
            structureId: created.structureId,
            applyId,
            answer: refused('outsideTerritory'),
            actorId: PARTNER,
            now: NOW,
          }),
        ])
      // Round 0 forces the interleaving; the others let the two calls race freely.
      const results = round === 0 ? await bothPastTheEarlyCheck(applyId, race) : await race()
      const winners = results.filter((r) => r.ok)
      const losers = results.filter((r) => !r.ok)
      expect(winners).toHaveLength(1)
      expect(losers).toEqual([{ ok: false, error: 'alreadyAnswered' }])
      const winner = winners[0]!
      if (!winner.ok) return

      expect(await tableCounts(db)).toEqual({
        documents: before.documents + 1,
        notifications: before.notifications + 1,
        audit: before.audit + 1,
      })
      const apply = await applyRow(db, applyId)
      expect(apply.state).toBe(winner.state)
      const fup = (await fupRow(db, applyId))!
      expect(fup.answerDocumentId).toBe(winner.documentId)
      // The stored answer is the winner's, not a mix of the two.
      expect(fup.partnerFeedback!.decision.partnerDecision).toBe(
        winner.state === 'INTEGRATED_CANDIDATE' ? 'integrated' : 'notIntegrated',
      )
      expect(apply.cause).toBe(winner.state === 'INTEGRATED_CANDIDATE' ? null : 'outsideTerritory')
      expect(
        await db
          .select()
          .from(s.notifications)
          .where(sql`${s.notifications.payload}->>'applyId' = ${applyId}`),
      ).toHaveLength(1)
    }
  })
})
