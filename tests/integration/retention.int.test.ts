import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applyCountsOfOrganisation } from '@/lib/prescriptions/counts'
import { countCandidates } from '@/lib/candidates/queries'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { anonymiseInactiveCandidates, countInactiveCandidates } from '@/lib/retention/anonymise'
import { retentionPreview } from '@/lib/retention/preview'
import { runRetention } from '@/lib/retention/run-retention'
import { useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'
import { nirColumns } from '@/lib/candidates/nir-columns'
import { addElapsedDays, TIME_ZONE } from '@/lib/dates'

// The nightly RGPD retention run on an organisation of its own, at a fixed instant.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const NOW = new Date('2026-11-24T01:30:00Z')
const daysAgo = (days: number) => addElapsedDays(NOW, -days)

async function newOrganisation(retentionDays = 730) {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Retention ${randomUUID().slice(0, 8)}`, retentionDays })
    .returning()
  throwaway(organisation!.id)
  return organisation!
}

type CandidateSeed = { touched: number; applyTouched?: number; smsAt?: number; withDocuments?: boolean }

/** A candidate last touched `touched` days ago, with an answered prescription (sheet, both PDFs) and an SMS when asked. */
async function newCandidate(organisationId: string, seed: CandidateSeed) {
  const [candidate] = await db
    .insert(s.candidates)
    .values({
      organisationId,
      firstName: 'Léa',
      lastName: 'Vasseur',
      gender: 'F',
      birthDate: '1988-04-12',
      addressFormatted: '12 rue des Carmes, 76000 Rouen',
      phone: '0612345678',
      email: 'lea.vasseur@example.org',
      ...nirColumns('288047612345678'),
      cafNumber: '1234567',
      poleEmploiNumber: '7654321A',
      customFields: { permis: true },
      createdAt: daysAgo(seed.touched + 30),
      updatedAt: daysAgo(seed.touched),
    })
    .returning()
  let applyId: string | null = null
  let documentIds: string[] = []
  if (seed.applyTouched !== undefined) {
    const docs = await db
      .insert(s.documents)
      .values([
        { name: 'Fiche.pdf', mimeType: 'application/pdf', content: Buffer.from('%PDF prescription Léa Vasseur') },
        { name: 'Fiche.pdf', mimeType: 'application/pdf', content: Buffer.from('%PDF réponse Léa Vasseur') },
      ])
      .returning({ id: s.documents.id })
    documentIds = docs.map((d) => d.id)
    const [apply] = await db
      .insert(s.socialApplies)
      .values({
        organisationId,
        structureId: demoIds.structureMobilite,
        socialOfferId: demoIds.offerPermis,
        candidateId: candidate!.id,
        state: 'REFUSED_STRUCTURE',
        cause: 'hasMoved',
        authorId: 'demo-referent',
        prescriptionDocumentId: docs[0]!.id,
        prescriptionDate: daysAgo(seed.applyTouched + 10),
        responseDate: daysAgo(seed.applyTouched),
        createdAt: daysAgo(seed.applyTouched + 10),
        updatedAt: daysAgo(seed.applyTouched),
      })
      .returning({ id: s.socialApplies.id })
    applyId = apply!.id
    await db.insert(s.fups).values({
      socialApplyId: applyId,
      name: 'Fiche de prescription',
      answerDocumentId: docs[1]!.id,
      beneficiary: {
        gender: 'F',
        birthDate: '1988-04-12',
        address: { formatted: '12 rue des Carmes, 76000 Rouen', isQPV: false },
        phone: '0612345678',
        email: 'lea.vasseur@example.org',
        socialSecurityNumber: '288047612345678',
        cafNumber: '1234567',
        poleEmploiNumber: '7654321A',
        additionalFields: [{ key: 'permis', label: 'Permis B', type: 'bool', value: true }],
      },
      prescription: {
        rsaReferentName: 'Romain Leroy',
        email: 'referent@passerelle.test',
        phone: '0235000000',
        structure: 'Département',
        address: 'Rouen',
        goal: 'Mobilité',
        validatePrescription: true,
        approveDemand: true,
        prescriptionDate: '2024-01-10',
      },
    })
  }
  if (seed.smsAt !== undefined) {
    await db.insert(s.smsMessages).values({
      organisationId,
      candidateId: candidate!.id,
      body: 'Bonjour Léa, votre rendez-vous est confirmé.',
      toNumber: '+33612345678',
      status: 'delivered',
      createdAt: daysAgo(seed.smsAt),
    })
  }
  return { candidate: candidate!, applyId, documentIds }
}

describe('RGPD retention', () => {
  it('anonymises the candidates inactive for the retention period, and only them', async () => {
    const organisation = await newOrganisation(730)
    const inactive = await newCandidate(organisation.id, { touched: 800, applyTouched: 790, smsAt: 795 })
    const bareInactive = await newCandidate(organisation.id, { touched: 731 })
    const recentRecord = await newCandidate(organisation.id, { touched: 20 })
    const recentAnswer = await newCandidate(organisation.id, { touched: 900, applyTouched: 100 })
    const recentSms = await newCandidate(organisation.id, { touched: 900, smsAt: 10 })
    const stillInPeriod = await newCandidate(organisation.id, { touched: 729 })

    expect(await countInactiveCandidates(db, organisation.id, NOW, 730)).toBe(2)
    expect(
      await anonymiseInactiveCandidates(db, { organisationId: organisation.id, at: NOW, retentionDays: 730 }),
    ).toBe(2)

    const rows = await db.select().from(s.candidates).where(eq(s.candidates.organisationId, organisation.id))
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const { candidate } of [inactive, bareInactive]) {
      const row = byId.get(candidate.id)!
      expect(row).toMatchObject({
        firstName: 'Anonyme',
        birthDate: null,
        addressFormatted: null,
        phone: null,
        email: null,
        nirEncrypted: null,
        nirBlindIndex: null,
        nirPrefix: null,
        cafNumber: null,
        poleEmploiNumber: null,
        customFields: {},
        // Kept for the statistics.
        gender: 'F',
        organisationId: organisation.id,
      })
      expect(row.lastName).toBe(candidate.id.replace(/-/g, '').slice(0, 6).toUpperCase())
      expect(row.anonymisedAt?.toISOString()).toBe(NOW.toISOString())
      expect(row.searchText).not.toContain('vasseur')
    }
    for (const { candidate } of [recentRecord, recentAnswer, recentSms, stillInPeriod]) {
      expect(byId.get(candidate.id)).toMatchObject({
        firstName: 'Léa',
        lastName: 'Vasseur',
        phone: '0612345678',
        nirPrefix: '28804',
        anonymisedAt: null,
      })
    }

    // Their SMS texts and numbers, their sheets' personal part and their PDFs are gone; the prescription's outcome stays.
    const [sms] = await db.select().from(s.smsMessages).where(eq(s.smsMessages.candidateId, inactive.candidate.id))
    expect(sms).toMatchObject({ body: '', toNumber: '', status: 'delivered' })
    const [apply] = await db.select().from(s.socialApplies).where(eq(s.socialApplies.id, inactive.applyId!))
    expect(apply).toMatchObject({ state: 'REFUSED_STRUCTURE', cause: 'hasMoved', prescriptionDocumentId: null })
    const [fup] = await db.select().from(s.fups).where(eq(s.fups.socialApplyId, inactive.applyId!))
    expect(fup!.answerDocumentId).toBeNull()
    expect(fup!.beneficiary).toEqual({
      gender: 'F',
      birthDate: null,
      address: null,
      phone: null,
      email: null,
      socialSecurityNumber: null,
      cafNumber: null,
      poleEmploiNumber: null,
      additionalFields: [],
    })
    expect(fup!.prescription.rsaReferentName).toBe('Romain Leroy')
    expect(await db.select().from(s.documents).where(inArray(s.documents.id, inactive.documentIds))).toHaveLength(0)
    // The candidate whose answer is recent keeps their PDFs.
    expect(
      await db
        .select({ id: s.documents.id })
        .from(s.documents)
        .where(inArray(s.documents.id, recentAnswer.documentIds)),
    ).toHaveLength(2)

    // The audit says what was done, to whom (ids), and nothing of the person.
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.organisationId, organisation.id), eq(s.auditLog.action, 'candidate.anonymised')))
    expect(audit.map((a) => a.entityId).sort()).toEqual([inactive.candidate.id, bareInactive.candidate.id].sort())
    expect(JSON.stringify(audit)).not.toMatch(/Vasseur|Léa|0612345678|288047612345678|example\.org/)
  })

  it('keeps the statistics’ totals: candidates and prescriptions by state count the same after the run', async () => {
    const organisation = await newOrganisation(730)
    await newCandidate(organisation.id, { touched: 800, applyTouched: 790 })
    await newCandidate(organisation.id, { touched: 10, applyTouched: 5 })
    const before = {
      candidates: await countCandidates(db, organisation.id),
      applies: await applyCountsOfOrganisation(db, organisation.id),
    }
    expect(before.candidates).toBe(2)
    expect(
      await anonymiseInactiveCandidates(db, { organisationId: organisation.id, at: NOW, retentionDays: 730 }),
    ).toBe(1)
    expect({
      candidates: await countCandidates(db, organisation.id),
      applies: await applyCountsOfOrganisation(db, organisation.id),
    }).toEqual(before)
  })

  it('is idempotent, and two runs at once anonymise each candidate once', async () => {
    const organisation = await newOrganisation(365)
    for (let i = 0; i < 12; i++) await newCandidate(organisation.id, { touched: 400 + i })
    const [first, second] = await Promise.all([
      anonymiseInactiveCandidates(db, { organisationId: organisation.id, at: NOW, retentionDays: 365 }),
      anonymiseInactiveCandidates(db, { organisationId: organisation.id, at: NOW, retentionDays: 365 }),
    ])
    expect(first + second).toBe(12)
    expect(
      await anonymiseInactiveCandidates(db, { organisationId: organisation.id, at: NOW, retentionDays: 365 }),
    ).toBe(0)
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.organisationId, organisation.id), eq(s.auditLog.action, 'candidate.anonymised')))
    expect(audit).toHaveLength(12)
    expect(new Set(audit.map((a) => a.entityId)).size).toBe(12)
  })

  it('applies each organisation’s own period and never touches another organisation', async () => {
    const short = await newOrganisation(365)
    const long = await newOrganisation(1095)
    const a = await newCandidate(short.id, { touched: 500 })
    const b = await newCandidate(long.id, { touched: 500 })
    const done = await runRetention(db, NOW)
    expect(done[short.id]).toBe(1)
    expect(done[long.id]).toBe(0)
    const [rowA] = await db.select().from(s.candidates).where(eq(s.candidates.id, a.candidate.id))
    const [rowB] = await db.select().from(s.candidates).where(eq(s.candidates.id, b.candidate.id))
    expect(rowA!.firstName).toBe('Anonyme')
    expect(rowB!.firstName).toBe('Léa')
    // The demo organisations' candidates are recent: none of them went.
    expect(done[demoIds.orgSeineMaritime]).toBe(0)
  })

  it('previews the next night’s run for the administrators', async () => {
    const organisation = await newOrganisation(730)
    const beforeTonight = new Date('2026-11-24T00:00:00Z') // 01:00 in Paris: tonight's run (02:30) is still to come.
    const afterTonight = new Date('2026-11-24T02:00:00Z') // 03:00 in Paris: the next run is tomorrow night's.
    // Touched 729 and a half days before tonight's run: not yet inactive for 730 days tonight, but tomorrow.
    await newCandidate(organisation.id, { touched: 729.5 })
    expect(await retentionPreview(db, organisation.id, 730, beforeTonight)).toBe(
      'Aucun candidat ne sera anonymisé le 24/11/2026.',
    )
    expect(await retentionPreview(db, organisation.id, 730, afterTonight)).toBe(
      '1 candidat sera anonymisé le 25/11/2026.',
    )
    await newCandidate(organisation.id, { touched: 900 })
    expect(await retentionPreview(db, organisation.id, 730, afterTonight)).toBe(
      '2 candidats seront anonymisés le 25/11/2026.',
    )
  })

  it('is scheduled every night at 02:30 Paris time on the job queue, which the migrations declare', async () => {
    const { rows } = await db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule where name = 'anonymise-inactive'`,
    )
    expect(rows).toEqual([{ name: 'anonymise-inactive', cron: '30 2 * * *', timezone: TIME_ZONE }])
  })
})
