import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import { sendFup } from '@/lib/prescriptions/partner-answers-fup'
import { receivedAnswers } from '@/lib/prescriptions/referent-follows-up'
import {
  expirePendingPrescriptions,
  remindPendingPrescriptions,
  runPrescriptionReminders,
} from '@/lib/prescriptions/reminders'
import { unseal } from '@/lib/crypto/sealed'
import { addElapsedDays } from '@/lib/dates'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// Reminders and expiry of unanswered prescriptions, at fixed instants, on an organisation of their own.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const T0 = new Date('2026-09-01T08:00:00Z')
const after = (days: number, hours = 0) => new Date(addElapsedDays(T0, days).getTime() + hours * 3_600_000)

async function newOrganisation(answerReminderDays = 10, prescriptionExpiryDays = 60) {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Relances ${randomUUID().slice(0, 8)}`, answerReminderDays, prescriptionExpiryDays })
    .returning()
  throwaway(organisation!.id)
  const referentId = `referent-${randomUUID()}`
  await db.insert(s.users).values({
    id: referentId,
    name: 'Nora Benali',
    firstName: 'Nora',
    lastName: 'Benali',
    email: `${referentId}@exemple.test`,
    role: 'referent',
    organisationId: organisation!.id,
  })
  return { organisationId: organisation!.id, referentId, referentEmail: `${referentId}@exemple.test` }
}

/** A prescription to the demo's "Permis de conduire solidaire" (Mobilité Solidaire), made at T0, with its sheet unless manual. */
async function newPrescription(
  org: { organisationId: string; referentId: string },
  options: { manual?: boolean; madeAt?: Date } = {},
) {
  const [candidate] = await db
    .insert(s.candidates)
    .values({ organisationId: org.organisationId, firstName: 'Yanis', lastName: 'Morel' })
    .returning()
  const [apply] = await db
    .insert(s.socialApplies)
    .values({
      organisationId: org.organisationId,
      structureId: demoIds.structureMobilite,
      socialOfferId: demoIds.offerPermis,
      candidateId: candidate!.id,
      authorId: org.referentId,
      prescriptionDate: options.madeAt ?? T0,
    })
    .returning()
  if (!options.manual) {
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
        prescriptionDate: T0.toISOString(),
      },
    })
  }
  return { applyId: apply!.id, candidateId: candidate!.id }
}

const applyRow = async (id: string) => (await db.select().from(s.socialApplies).where(eq(s.socialApplies.id, id)))[0]!
const mailsOf = async (
  kind: string,
  structureOrOrganisation: { structureId?: string; organisationId?: string },
  since: Date,
) => {
  const rows = await db.select().from(s.outboundMails).where(eq(s.outboundMails.kind, kind))
  return rows
    .filter((m) =>
      structureOrOrganisation.structureId
        ? m.structureId === structureOrOrganisation.structureId
        : m.organisationId === structureOrOrganisation.organisationId,
    )
    .filter((m) => m.createdAt >= since)
    .map((m) => ({ to: m.toAddress, subject: m.subject, text: m.sealedText ? unseal(m.sealedText) : '' }))
}
const auditOf = (organisationId: string, action: string) =>
  db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.organisationId, organisationId), eq(s.auditLog.action, action)))

describe('reminders of unanswered prescriptions', () => {
  it('reminds the partner’s active users once, past the reminder delay, with the deep link to the sheet', async () => {
    const org = await newOrganisation(10, 60)
    const { applyId, candidateId } = await newPrescription(org)
    const since = new Date()
    // Nine days and 23 hours: not yet.
    expect(await remindPendingPrescriptions(db, after(9, 23), org.organisationId)).toBe(0)
    expect(await remindPendingPrescriptions(db, after(10, 1), org.organisationId)).toBe(1)
    expect((await applyRow(applyId)).remindedAt?.toISOString()).toBe(after(10, 1).toISOString())
    const mails = (await mailsOf('prescription-reminder', { structureId: demoIds.structureMobilite }, since)).filter(
      (m) => m.text.includes(applyId),
    )
    // The structure's one active partner of the demo (partenaire@passerelle.test); never the candidate's name.
    expect(mails.map((m) => m.to)).toEqual(['partenaire@passerelle.test'])
    expect(mails[0]!.subject).toBe('Relance\u00a0: une prescription attend votre réponse')
    expect(mails[0]!.text).toContain(`/offer/social/${demoIds.offerPermis}?socialApplyId=${applyId}`)
    expect(mails[0]!.text).toContain('«\u00a0Permis de conduire solidaire\u00a0»')
    expect(mails[0]!.text).toContain('depuis 10 jours')
    expect(mails[0]!.text).not.toMatch(/Yanis|Morel/)
    // Run again (a retry, the next hour): nothing more.
    expect(await remindPendingPrescriptions(db, after(11), org.organisationId)).toBe(0)
    expect(
      (await mailsOf('prescription-reminder', { structureId: demoIds.structureMobilite }, since)).filter((m) =>
        m.text.includes(applyId),
      ),
    ).toHaveLength(1)
    const audit = await auditOf(org.organisationId, 'prescription.reminded')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      entityType: 'candidate',
      entityId: candidateId,
      details: { applyId, recipients: 1 },
    })
  })

  it('does not remind a manual prescription (its referent records the answer) nor an answered one', async () => {
    const org = await newOrganisation(10, 60)
    const manual = await newPrescription(org, { manual: true })
    const answered = await newPrescription(org)
    await db
      .update(s.socialApplies)
      .set({ state: 'INTEGRATED_CANDIDATE', responseDate: after(2) })
      .where(eq(s.socialApplies.id, answered.applyId))
    expect(await remindPendingPrescriptions(db, after(20), org.organisationId)).toBe(0)
    expect((await applyRow(manual.applyId)).remindedAt).toBeNull()
  })

  it('two runs at once remind each prescription once', async () => {
    const org = await newOrganisation(10, 60)
    const applies = await Promise.all(Array.from({ length: 8 }, () => newPrescription(org)))
    const since = new Date()
    const [a, b] = await Promise.all([
      remindPendingPrescriptions(db, after(15), org.organisationId),
      remindPendingPrescriptions(db, after(15), org.organisationId),
    ])
    expect(a + b).toBe(8)
    const ids = new Set(applies.map((x) => x.applyId))
    const mails = (await mailsOf('prescription-reminder', { structureId: demoIds.structureMobilite }, since)).filter(
      (m) => [...ids].some((id) => m.text.includes(id)),
    )
    expect(mails).toHaveLength(8)
  })
})

describe('expiry of unanswered prescriptions', () => {
  it('expires a prescription past the expiry delay: state EXPIRED, the referent told in the app and by mail, the audit written', async () => {
    const org = await newOrganisation(10, 60)
    const { applyId, candidateId } = await newPrescription(org)
    const since = new Date()
    expect(await runPrescriptionReminders(db, after(10, 1), org.organisationId)).toEqual({ expired: 0, reminded: 1 })
    expect(await runPrescriptionReminders(db, after(59, 23), org.organisationId)).toEqual({ expired: 0, reminded: 0 })
    expect(await runPrescriptionReminders(db, after(60, 1), org.organisationId)).toEqual({ expired: 1, reminded: 0 })
    const row = await applyRow(applyId)
    expect(row).toMatchObject({ state: 'EXPIRED', responseDate: null })
    expect(row.expiredAt?.toISOString()).toBe(after(60, 1).toISOString())

    const mails = await mailsOf('prescription-expired', { organisationId: org.organisationId }, since)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: org.referentEmail, subject: 'Prescription expirée sans réponse' })
    expect(mails[0]!.text).toContain(`/v2/candidate/${candidateId}/prescriptions`)
    expect(mails[0]!.text).not.toMatch(/Yanis|Morel/)
    // "Réponses reçues" of the referent lists it, as "expirée".
    const received = await receivedAnswers(db, {
      userId: org.referentId,
      organisationId: org.organisationId,
      now: after(60, 2),
    })
    expect(received.map((r) => [r.id, r.state])).toEqual([[applyId, 'EXPIRED']])
    expect(await auditOf(org.organisationId, 'prescription.expired')).toHaveLength(1)
    // Idempotent: a later run changes nothing.
    expect(await expirePendingPrescriptions(db, after(90), org.organisationId)).toBe(0)
    expect(await mailsOf('prescription-expired', { organisationId: org.organisationId }, since)).toHaveLength(1)
  })

  it('an expired prescription can no longer be answered by the partner', async () => {
    const org = await newOrganisation(10, 60)
    const { applyId } = await newPrescription(org)
    await expirePendingPrescriptions(db, after(61), org.organisationId)
    const answer = fupAnswerSchema.parse({
      partnerFeedback: {
        accompanierName: 'Paula Moreau',
        name: 'Mobilité Solidaire',
        email: 'permis@mobilite-solidaire.test',
        phone: '02 35 00 00 01',
        address: '12 rue du Gros-Horloge, 76000 Rouen',
        decision: { partnerDecision: 'integrated', firstReceptionDate: '2026-11-12', assessmentDate: '2027-02-15' },
      },
      sponsorsLogo: [],
    })
    const outcome = await sendFup(db, {
      structureId: demoIds.structureMobilite,
      applyId,
      answer,
      actorId: 'demo-partenaire',
      now: after(62),
    })
    expect(outcome).toEqual({ ok: false, error: 'expired' })
    expect((await applyRow(applyId)).state).toBe('EXPIRED')
  })

  it('follows each organisation’s own delays and leaves the other organisations alone', async () => {
    const quick = await newOrganisation(2, 5)
    const slow = await newOrganisation(30, 90)
    const a = await newPrescription(quick)
    const b = await newPrescription(slow)
    await runPrescriptionReminders(db, after(6), quick.organisationId)
    await runPrescriptionReminders(db, after(6), slow.organisationId)
    expect((await applyRow(a.applyId)).state).toBe('EXPIRED')
    expect(await applyRow(b.applyId)).toMatchObject({ state: 'PRESCRIPTION_FILLED', remindedAt: null })
    // The demo's pending prescriptions were never touched by these runs.
    const demo = await db
      .select({ state: s.socialApplies.state, remindedAt: s.socialApplies.remindedAt })
      .from(s.socialApplies)
      .where(inArray(s.socialApplies.organisationId, [demoIds.orgSeineMaritime, demoIds.orgLyon]))
    expect(demo.filter((r) => r.state === 'EXPIRED' || r.remindedAt)).toEqual([])
  })
})
