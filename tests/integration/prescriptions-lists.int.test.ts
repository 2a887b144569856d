import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getApplyDocument } from '@/lib/prescriptions/documents'
import { fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import { sendFup } from '@/lib/prescriptions/partner-answers-fup'
import { listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import { markAnswersRead, receivedAnswers, unansweredPrescriptions } from '@/lib/prescriptions/referent-follows-up'
import { listFup, prescribedOffers } from '@/lib/prescriptions/referent-lists'
import { prescribe } from '@/lib/prescriptions/referent-prescribes'
import { updateManualStatus } from '@/lib/prescriptions/referent-records-answer'
import { addElapsedDays } from '@/lib/dates'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoApplyId, demoIds } from '@/db/seed'
import { listDirectoryOffers, prescribableOffers } from '@/lib/offers/directory'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

const db = useTestDb()
const REFERENT = 'demo-referent'
const COUNSELLOR = 'demo-conseiller'
const NOW = new Date('2026-11-22T10:00:00.000Z')
const asDb = (tx: Tx) => tx as unknown as Db
const SM = demoIds.orgSeineMaritime
const LYON = demoIds.orgLyon

// prescribe() mails the partner after the commit: keep those mails out of the developer's outbox.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-prescriptions-lists-'))
const saved = { OUTBOX_DIR: process.env.OUTBOX_DIR, SMTP_URL: process.env.SMTP_URL }
beforeAll(() => {
  process.env.OUTBOX_DIR = outbox
  delete process.env.SMTP_URL
})
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  fs.rmSync(outbox, { recursive: true, force: true })
})

async function candidateId(handle: Db | Tx, firstName: string) {
  const [row] = await handle
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(eq(s.candidates.firstName, firstName))
  return row!.id
}
async function applyRow(handle: Db | Tx, id: string) {
  const [row] = await handle.select().from(s.socialApplies).where(eq(s.socialApplies.id, id))
  return row!
}
async function auditCount(handle: Db | Tx) {
  const { rows } = await handle.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)
  return rows[0]!.n
}
async function manualPrescription(tx: Tx, firstName = 'Antoine', offerId: string = demoIds.offerScooter) {
  const result = await prescribe(asDb(tx), {
    organisationId: SM,
    authorId: REFERENT,
    input: {
      candidateId: await candidateId(tx, firstName),
      offerId,
      manual: true,
      prescription: { prescriptionDate: '2026-11-10' },
    },
    now: NOW,
  })
  if (!result.ok) throw new Error(`manual prescription refused: ${JSON.stringify(result)}`)
  return result
}

describe('manual prescription and its status, recorded by the referent', () => {
  it('creates the apply without sheet, FUP or mail, with its audit row', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const result = await manualPrescription(tx)
      expect(result.mailed).toBe(0)
      const apply = await applyRow(tx, result.applyId)
      expect(apply).toMatchObject({
        state: 'PRESCRIPTION_FILLED',
        prescriptionDocumentId: null,
        structureId: demoIds.structureMobilite,
        authorId: REFERENT,
      })
      expect(await tx.select().from(s.fups).where(eq(s.fups.socialApplyId, result.applyId))).toEqual([])
      const [audit] = await tx.select().from(s.auditLog).where(eq(s.auditLog.entityId, result.applyId))
      expect(audit).toMatchObject({ action: 'prescription.manualCreated', actorId: REFERENT, organisationId: SM })
      // The partner's pending tab shows it, as a manual prescription (no FUP, no document).
      const { rows } = await listAppliesByTab(tx, {
        structureId: demoIds.structureMobilite,
        offerId: demoIds.offerScooter,
        tab: 'PRESCRIPTION_FILLED',
      })
      expect(rows.find((r) => r.id === result.applyId)).toMatchObject({ hasFup: false, prescription: null })
    })
  })

  const invalid: [string, unknown, string, string][] = [
    ['no state', {}, 'state', 'Le nouveau statut est obligatoire'],
    ['an unknown state', { state: 'ARCHIVED' }, 'state', 'Le nouveau statut est obligatoire'],
    ['refused without cause', { state: 'REFUSED_STRUCTURE' }, 'cause', 'Le motif est obligatoire'],
    ['refused with an unknown cause', { state: 'REFUSED_STRUCTURE', cause: 'moon' }, 'cause', 'Ce motif n’existe pas'],
    [
      'integrated without first reception',
      { state: 'INTEGRATED_CANDIDATE' },
      'firstReceptionDate',
      'La date du 1er accueil est obligatoire',
    ],
    [
      'integrated with a cause',
      { state: 'INTEGRATED_CANDIDATE', firstReceptionDate: '2026-11-15', cause: 'hasJob' },
      'cause',
      'Le motif est obligatoire',
    ],
    [
      'an assessment before the first reception',
      { state: 'INTEGRATED_CANDIDATE', firstReceptionDate: '2026-11-15', assessmentDate: '2026-11-01' },
      'assessmentDate',
      'La date du bilan doit suivre la date du 1er accueil',
    ],
    [
      'a date that does not exist',
      { state: 'INTEGRATED_CANDIDATE', firstReceptionDate: '2026-02-31' },
      'firstReceptionDate',
      'La date n’est pas valide',
    ],
  ]
  it.each(invalid)('%s: the French message, nothing written', async (_name, input, field, message) => {
    await inRolledBackTransaction(db, async (tx) => {
      const { applyId } = await manualPrescription(tx)
      const [before, audits] = [await applyRow(tx, applyId), await auditCount(tx)]
      const result = await updateManualStatus(asDb(tx), {
        organisationId: SM,
        applyId,
        actorId: REFERENT,
        input,
        now: NOW,
      })
      expect(result.ok).toBe(false)
      expect('fieldErrors' in result && result.fieldErrors[field]).toBe(message)
      expect(await applyRow(tx, applyId)).toEqual(before)
      expect(await auditCount(tx)).toBe(audits)
    })
  })

  it('integrated, then corrected to refused: the apply, the audit and the partner’s tabs follow', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { applyId } = await manualPrescription(tx)
      const integrated = await updateManualStatus(asDb(tx), {
        organisationId: SM,
        applyId,
        actorId: REFERENT,
        now: NOW,
        input: { state: 'INTEGRATED_CANDIDATE', firstReceptionDate: '2026-11-15', assessmentDate: '2027-01-10' },
      })
      expect(integrated).toEqual({ ok: true })
      expect(await applyRow(tx, applyId)).toMatchObject({
        state: 'INTEGRATED_CANDIDATE',
        firstReceptionDate: '2026-11-15',
        assessmentDate: '2027-01-10',
        cause: null,
        responseDate: NOW,
      })
      const tab = await listAppliesByTab(tx, {
        structureId: demoIds.structureMobilite,
        offerId: demoIds.offerScooter,
        tab: 'INTEGRATED_CANDIDATE',
      })
      expect(tab.rows.map((r) => r.id)).toContain(applyId)
      expect(tab.counts).toEqual({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 1, REFUSED_STRUCTURE: 0 })

      const refused = await updateManualStatus(asDb(tx), {
        organisationId: SM,
        applyId,
        actorId: REFERENT,
        now: NOW,
        input: { state: 'REFUSED_STRUCTURE', cause: 'hasMoved' },
      })
      expect(refused).toEqual({ ok: true })
      expect(await applyRow(tx, applyId)).toMatchObject({
        state: 'REFUSED_STRUCTURE',
        firstReceptionDate: null,
        assessmentDate: null,
        cause: 'hasMoved',
      })
      const refusedTab = await listAppliesByTab(tx, {
        structureId: demoIds.structureMobilite,
        offerId: demoIds.offerScooter,
        tab: 'REFUSED_STRUCTURE',
      })
      expect(refusedTab.rows.map((r) => [r.id, r.cause])).toEqual([[applyId, 'hasMoved']])
      const audits = await tx.select().from(s.auditLog).where(eq(s.auditLog.entityId, applyId)).orderBy(s.auditLog.at)
      expect(audits.map((a) => [a.action, a.details])).toEqual([
        ['prescription.manualCreated', expect.any(Object)],
        ['prescription.manualStatus', { from: 'PRESCRIPTION_FILLED', state: 'INTEGRATED_CANDIDATE', cause: null }],
        ['prescription.manualStatus', { from: 'INTEGRATED_CANDIDATE', state: 'REFUSED_STRUCTURE', cause: 'hasMoved' }],
      ])
    })
  })

  it('a prescription with a FUP is the partner’s to answer; another organisation’s is not found', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const elodie = demoApplyId(0) // a seeded prescription sheet, pending
      const before = [await applyRow(tx, elodie), await auditCount(tx)]
      const input = { state: 'REFUSED_STRUCTURE', cause: 'hasJob' }
      expect(
        await updateManualStatus(asDb(tx), { organisationId: SM, applyId: elodie, actorId: REFERENT, input }),
      ).toEqual({ ok: false, error: 'notManual' })
      const { applyId } = await manualPrescription(tx)
      const manualBefore = await applyRow(tx, applyId)
      expect(
        await updateManualStatus(asDb(tx), { organisationId: LYON, applyId, actorId: 'demo-referent-lyon', input }),
      ).toEqual({ ok: false, error: 'notFound' })
      expect([await applyRow(tx, elodie), (await auditCount(tx)) - 1]).toEqual(before)
      expect(await applyRow(tx, applyId)).toEqual(manualBefore)
    })
  })
})

describe('/v2/candidates/fup: the organisation’s prescriptions', () => {
  it('lists the organisation’s prescriptions newest first, with documents, and nobody else’s', async () => {
    const all = await listFup(db, SM)
    // The demo data's eleven prescriptions, the one waiting for the structure without an account
    // (db/seed/answer-links.ts) and the one in line (db/seed/waitlist.ts).
    expect(all.total).toBe(13)
    expect(all.rows[0]!.prescriptionDate >= all.rows[1]!.prescriptionDate).toBe(true)
    const mamadou = all.rows.find((r) => r.lastName === 'Diallo')!
    expect(mamadou).toMatchObject({ prescriptionDocumentId: null, hasFup: false, answerDocumentId: null })
    const elodie = all.rows.find((r) => r.id === demoApplyId(0))!
    expect(elodie).toMatchObject({
      firstName: 'Élodie',
      offerName: 'Permis de conduire solidaire',
      providerName: 'Mobilité Solidaire',
      state: 'PRESCRIPTION_FILLED',
      hasFup: true,
    })
    expect(elodie.prescriptionDocumentId).not.toBeNull()
    expect((await listFup(db, LYON)).total).toBe(0)
    expect((await listFup(db, LYON, { offerId: demoIds.offerPermis })).total).toBe(0)
  })

  it('filters by author, state, offer and Paris prescription days', async () => {
    expect((await listFup(db, SM, { authorId: REFERENT })).total).toBe(13)
    expect((await listFup(db, SM, { authorId: COUNSELLOR })).total).toBe(0)
    const refused = await listFup(db, SM, { state: 'REFUSED_STRUCTURE' })
    expect(refused.rows.map((r) => [r.lastName, r.cause]).sort()).toEqual([
      ['Haddad', 'outsideTerritory'],
      ['Morel', 'noAnswerToConvocations'],
    ])
    // The organisation's numbers (no author, offer or dates) come from the statistics' counters.
    expect(refused.total).toBe(2)
    expect((await listFup(db, SM, { offerId: demoIds.offerHabitat })).rows.map((r) => r.lastName).sort()).toEqual([
      'Fournier',
      'Girard',
      'Mercier',
    ])
    // Prescriptions of 2 to 20 October 2026 (9:30 UTC); 4 to 8 October holds days 4, 5, 6 and 8.
    const range = await listFup(db, SM, { from: '2026-10-04', to: '2026-10-08' })
    expect(range.rows.map((r) => r.prescriptionDate.toISOString().slice(0, 10)).sort()).toEqual([
      '2026-10-04',
      '2026-10-05',
      '2026-10-06',
      '2026-10-08',
    ])
  })

  it('pages by 50', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [c] = await tx
        .insert(s.candidates)
        .values({ organisationId: SM, firstName: 'Page', lastName: 'Test' })
        .returning()
      await tx.insert(s.socialApplies).values(
        Array.from({ length: 45 }, (_, i) => ({
          organisationId: SM,
          structureId: demoIds.structureMobilite,
          socialOfferId: demoIds.offerScooter,
          candidateId: c!.id,
          authorId: REFERENT,
          state: 'REFUSED_STRUCTURE' as const,
          prescriptionDate: new Date(NOW.getTime() - i * 1000),
        })),
      )
      const first = await listFup(tx, SM)
      const second = await listFup(tx, SM, { page: 2 })
      expect([first.total, first.rows.length, second.rows.length]).toEqual([58, 50, 8])
      expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(58)
    })
  })
})

describe('/v2/candidates/fup: the offer picker', () => {
  it('searches what the organisation (or the author) prescribed to, by name; names a chosen offer only if it is one of them', async () => {
    const expected = await db.execute<{ name: string }>(
      sql`select distinct o.name from social_applies a join social_offers o on o.id = a.social_offer_id where a.organisation_id = ${SM} order by o.name`,
    )
    expect(expected.rows.length).toBeGreaterThan(1)
    const names = (rows: { name: string }[]) => rows.map((r) => r.name)
    expect(names(await prescribedOffers(db, SM, { search: '' }))).toEqual(expected.rows.map((r) => r.name))
    // Part of the name, accents and case aside; a % is a literal.
    expect(names(await prescribedOffers(db, SM, { search: 'PERMIS' }))).toEqual(['Permis de conduire solidaire'])
    expect(names(await prescribedOffers(db, SM, { search: '%' }))).toEqual([])
    expect(names(await prescribedOffers(db, SM, { search: '', authorId: 'nobody' }))).toEqual([])
    // The scooter offer was never prescribed to by the organisation: its id names nothing.
    expect(await prescribedOffers(db, SM, { id: demoIds.offerScooter })).toEqual([])
    expect(await prescribedOffers(db, SM, { id: 'not-a-uuid' })).toEqual([])
    expect(names(await prescribedOffers(db, SM, { id: demoIds.offerPermis }))).toEqual(['Permis de conduire solidaire'])
  })
})

describe('/v2/actions/dashboard', () => {
  const answer = fupAnswerSchema.parse({
    partnerFeedback: {
      accompanierName: 'Paula Moreau',
      name: 'Mobilité Solidaire',
      email: 'permis@mobilite-solidaire.test',
      decision: { partnerDecision: 'integrated', firstReceptionDate: '2026-11-25' },
    },
  })

  it('shows the answers notified to the prescribing referent, in their organisation only; reading them keeps them 30 days', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const sent = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: demoApplyId(0),
        answer,
        actorId: 'demo-partenaire',
        now: NOW,
      })
      expect(sent.ok).toBe(true)
      // The row is stamped by the database clock; pin it to the test's "now".
      await tx
        .update(s.notifications)
        .set({ createdAt: NOW })
        .where(sql`${s.notifications.payload}->>'applyId' = ${demoApplyId(0)}`)
      const answers = await receivedAnswers(tx, { userId: REFERENT, organisationId: SM, now: NOW })
      expect(answers.map((a) => [a.id, a.firstName, a.state, a.readAt])).toEqual([
        [demoApplyId(0), 'Élodie', 'INTEGRATED_CANDIDATE', null],
      ])
      expect(answers[0]!.answerDocumentId).not.toBeNull()
      expect(await receivedAnswers(tx, { userId: COUNSELLOR, organisationId: SM, now: NOW })).toEqual([])
      // The notification belongs to the referent, but a crafted organisation does not open another tenant's apply.
      expect(await receivedAnswers(tx, { userId: REFERENT, organisationId: LYON, now: NOW })).toEqual([])

      expect(await markAnswersRead(tx, REFERENT, NOW)).toBe(1)
      expect(await markAnswersRead(tx, REFERENT, NOW)).toBe(0)
      const read = await receivedAnswers(tx, {
        userId: REFERENT,
        organisationId: SM,
        now: addElapsedDays(NOW, 29),
      })
      expect(read.map((a) => a.readAt)).toEqual([NOW])
      expect(await receivedAnswers(tx, { userId: REFERENT, organisationId: SM, now: addElapsedDays(NOW, 31) })).toEqual(
        [],
      )
    })
  })

  it('lists the pending prescriptions older than the organisation’s delay', async () => {
    const pending = await unansweredPrescriptions(db, { organisationId: SM, authorId: REFERENT, days: 10, now: NOW })
    // The demo's six pending prescriptions (2 to 8 October), oldest first.
    expect(pending.total).toBe(6)
    expect(pending.rows.map((r) => r.lastName)).toEqual([
      'Durand',
      'Fournier',
      'Benali',
      'Mercier',
      'Lefèvre',
      'Diallo',
    ])
    expect(
      (await unansweredPrescriptions(db, { organisationId: SM, authorId: COUNSELLOR, days: 10, now: NOW })).total,
    ).toBe(0)
    expect((await unansweredPrescriptions(db, { organisationId: LYON, days: 10, now: NOW })).total).toBe(0)
    // 2 October is 51 days before 22 November: nothing waits more than 60 days; more than 48, those of 2 to 5 October.
    expect((await unansweredPrescriptions(db, { organisationId: SM, days: 60, now: NOW })).total).toBe(0)
    const late48 = await unansweredPrescriptions(db, { organisationId: SM, days: 48, now: NOW })
    expect(late48.rows.map((r) => r.lastName)).toEqual(['Durand', 'Fournier', 'Benali', 'Mercier'])
    // The whole organisation's number comes from the counters less the recent ones: it agrees with the list.
    expect(late48.total).toBe(4)
    const late10 = await unansweredPrescriptions(db, { organisationId: SM, days: 10, now: NOW })
    expect(late10.total).toBe(late10.rows.length)
    expect(late10.total).toBeGreaterThanOrEqual(6)
  })
})

describe('the prescription sheet downloads and the pickers', () => {
  it('the sheet of a new prescription is readable by the organisation and the partner, not by another tenant', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const result = await prescribe(asDb(tx), {
        organisationId: SM,
        authorId: REFERENT,
        now: NOW,
        input: {
          candidateId: await candidateId(tx, 'Antoine'),
          offerId: demoIds.offerPermis,
          prescription: {
            rsaReferentName: 'Romain Leroy',
            email: 'referent@passerelle.test',
            phone: '',
            structure: 'Département',
            address: '',
            goal: 'Un objectif',
            validatePrescription: true,
            approveDemand: true,
            prescriptionDate: '2026-11-22',
          },
        },
      })
      if (!result.ok) throw new Error('refused')
      const { prescriptionDocumentId } = await applyRow(tx, result.applyId)
      expect(
        (await getApplyDocument(tx, prescriptionDocumentId!, { structureId: null, organisationId: SM }))?.name,
      ).toBe('Fiche.pdf')
      expect(
        (
          await getApplyDocument(tx, prescriptionDocumentId!, {
            structureId: demoIds.structureMobilite,
            organisationId: null,
          })
        )?.name,
      ).toBe('Fiche.pdf')
      expect(
        await getApplyDocument(tx, prescriptionDocumentId!, { structureId: null, organisationId: LYON }),
      ).toBeNull()
      expect(
        await getApplyDocument(tx, prescriptionDocumentId!, {
          structureId: demoIds.structureHabitat,
          organisationId: null,
        }),
      ).toBeNull()
    })
  })

  it('the candidate picker searches the organisation’s candidates only, accent-insensitive', async () => {
    expect(
      (await searchPickableCandidates(db, SM, 'lefevre', { listWithoutSearch: true })).map((c) => c.lastName),
    ).toEqual(['Lefèvre'])
    expect(await searchPickableCandidates(db, SM, 'rousseau', { listWithoutSearch: true })).toEqual([])
    expect(
      (await searchPickableCandidates(db, LYON, 'rousseau', { listWithoutSearch: true })).map((c) => c.firstName),
    ).toEqual(['Léa'])
    expect((await searchPickableCandidates(db, SM, '', { listWithoutSearch: true })).length).toBe(12)
  })

  it('the directory shows the organisation’s offers (expired ones flagged) and filters them', async () => {
    const all = await listDirectoryOffers(db, { organisationId: SM }, {}, NOW)
    // The five seeded offers, the one of the structure without an account (db/seed/answer-links.ts) and the one with
    // a waitlist (db/seed/waitlist.ts).
    expect(all.total).toBe(7)
    expect(all.offers.at(-1)).toMatchObject({ name: 'Atelier vélo 2025', expired: true })
    expect(all.offers.find((o) => o.name === 'Permis de conduire solidaire')).toMatchObject({
      expired: false,
      place: '76000 Rouen',
      challenges: [expect.objectContaining({ name: 'Mobilité' })],
      financingModes: [
        { value: 'fse', label: 'FSE+' },
        { value: 'departement', label: 'Département' },
      ],
    })
    expect((await listDirectoryOffers(db, { organisationId: LYON }, {}, NOW)).total).toBe(0)
    const names = async (filters: Parameters<typeof listDirectoryOffers>[2]) =>
      (await listDirectoryOffers(db, { organisationId: SM }, filters, NOW)).offers.map((o) => o.name).sort()
    expect(await names({ search: 'VELO' })).toEqual(['Atelier vélo 2025', 'Location de vélo à assistance électrique'])
    expect(await names({ search: 'v' })).toHaveLength(7) // one character: no search
    expect(await names({ financingModes: ['fse'] })).toEqual(['Permis de conduire solidaire'])
    const [logement] = await db.select().from(s.challenges).where(eq(s.challenges.name, 'Logement et hébergement'))
    expect(await names({ challengeIds: [logement!.id] })).toEqual(['Logement temporaire jeunes actifs'])
    expect(await names({ places: ['76600 Le Havre'] })).toEqual(['Logement temporaire jeunes actifs'])
    // The filters' choices come with the page, whatever the filters: the places of all the organisation's offers.
    const { options } = await listDirectoryOffers(db, { organisationId: SM }, { search: 'VELO' }, NOW)
    expect(options.places).toEqual([
      { value: '76000 Rouen', label: 'Rouen (76000)' },
      { value: '76190 Yvetot', label: 'Yvetot (76190)' },
      { value: '76600 Le Havre', label: 'Le Havre (76600)' },
    ])
    expect(options.challenges).toContainEqual({ value: logement!.id, label: 'Logement et hébergement' })
    expect(options.financingModes).toContainEqual({ value: 'fse', label: 'FSE+' })
    expect((await prescribableOffers(db, SM, NOW)).map((o) => o.name)).not.toContain('Atelier vélo 2025')
  })
})
