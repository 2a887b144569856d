import { and, count, eq, isNotNull, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { unseal } from '@/lib/crypto/sealed'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import {
  candidateDiagnoses,
  diagnosisOfToken,
  saveDiagnosis,
  sendDiagnosisLink,
  submitByPerson,
} from '@/lib/diagnosis/diagnoses'
import { compareBarriers } from '@/lib/diagnosis/questionnaire'
import { suggestedOffers } from '@/lib/diagnosis/suggestions'
import { listChallenges } from '@/lib/offers/challenges'
import { toSmsNumber } from '@/lib/sms/mobile-number'
import { smsThread } from '@/lib/sms/queries'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { addElapsedDays } from '@/lib/dates'

// The diagnosis: the counsellor's questionnaire, its checks, the history, the person's link, the suggestions.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const COUNSELLOR = { id: 'demo-conseiller', organisationId: demoIds.orgSeineMaritime }
const LYON = { id: 'demo-referent-lyon', organisationId: demoIds.orgLyon }
const NOW = new Date('2026-11-25T09:00:00Z')

async function challenge(tx: Tx, name: string) {
  const found = (await listChallenges(asDb(tx), demoIds.orgSeineMaritime)).find((c) => c.name === name)
  if (!found) throw new Error(name)
  return found
}
async function mobileCandidate(tx: Tx) {
  const rows = await tx
    .select({ id: s.candidates.id, phone: s.candidates.phone })
    .from(s.candidates)
    .where(
      and(
        eq(s.candidates.organisationId, demoIds.orgSeineMaritime),
        isNull(s.candidates.smsOptedOutAt),
        isNotNull(s.candidates.phone),
      ),
    )
  return rows.find((r) => toSmsNumber(r.phone))!.id
}
const diagnosesCount = async (tx: Tx) => (await tx.select({ n: count() }).from(s.diagnoses))[0]!.n

describe('the counsellor’s diagnosis', () => {
  it('refuses bad answers field by field in French and writes nothing; another organisation’s candidate is not found', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const candidateId = await mobileCandidate(tx)
      const mobility = await challenge(tx, 'Mobilité')
      const before = await diagnosesCount(tx)
      expect(
        await saveDiagnosis(
          asDb(tx),
          COUNSELLOR,
          candidateId,
          { project: { romeCode: '12345', situation: 'retired', lastJobEndedOn: '2027-01-01' } },
          { complete: false },
          NOW,
        ),
      ).toMatchObject({
        ok: false,
        fieldErrors: {
          'project.romeCode': 'Le code ROME a une lettre et quatre chiffres (par exemple K2204).',
          'project.situation': 'Choisissez une des réponses proposées.',
        },
      })
      expect(
        await saveDiagnosis(
          asDb(tx),
          COUNSELLOR,
          candidateId,
          { project: { lastJobEndedOn: '2027-01-01' } },
          { complete: false },
          NOW,
        ),
      ).toMatchObject({
        ok: false,
        fieldErrors: { 'project.lastJobEndedOn': 'La date de fin du dernier emploi ne peut pas être dans le futur.' },
      })
      expect(
        await saveDiagnosis(
          asDb(tx),
          COUNSELLOR,
          candidateId,
          { barriers: [{ challengeId: mobility.id, level: 'important', situations: ['Pas de fusée'] }] },
          { complete: false },
          NOW,
        ),
      ).toMatchObject({
        ok: false,
        fieldErrors: { 'barriers.0': 'Une des situations choisies n’existe pas pour ce frein.' },
      })
      expect(
        await saveDiagnosis(
          asDb(tx),
          COUNSELLOR,
          candidateId,
          { barriers: [{ challengeId: '00000000-0000-4000-8000-000000000000', level: 'light' }] },
          { complete: false },
          NOW,
        ),
      ).toMatchObject({
        ok: false,
        fieldErrors: { 'barriers.0': 'Un des freins n’existe pas dans votre organisation.' },
      })
      expect(await saveDiagnosis(asDb(tx), LYON, candidateId, {}, { complete: true }, NOW)).toMatchObject({
        ok: false,
        notFound: true,
      })
      expect(await diagnosesCount(tx)).toBe(before)
    })
  })

  it('a draft, then completed; a second diagnosis tells the barriers lifted and the new ones', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const candidateId = await mobileCandidate(tx)
      const [mobility, housing, digital] = [
        await challenge(tx, 'Mobilité'),
        await challenge(tx, 'Logement et hébergement'),
        await challenge(tx, 'Numérique'),
      ]
      const first = {
        project: { job: 'Cariste', romeCode: 'n1101', situation: 'unemployed', drivingLicence: 'none' },
        barriers: [
          {
            challengeId: mobility.id,
            level: 'blocking',
            situations: ['Pas de permis de conduire'],
            comment: 'Loin de la zone industrielle.',
          },
          { challengeId: housing.id, level: 'light', situations: [] },
          { challengeId: digital.id, level: 'none', situations: ['Pas d’accès à internet'] },
        ],
      }
      const draft = await saveDiagnosis(asDb(tx), COUNSELLOR, candidateId, first, { complete: false }, NOW)
      if (!draft.ok) throw new Error(draft.error)
      expect((await candidateDiagnoses(asDb(tx), demoIds.orgSeineMaritime, candidateId)).underWay).toMatchObject({
        id: draft.id,
        status: 'draft',
      })
      const done = await saveDiagnosis(asDb(tx), COUNSELLOR, candidateId, first, { complete: true }, NOW)
      expect(done).toEqual({ ok: true, id: draft.id })
      const state = await candidateDiagnoses(asDb(tx), demoIds.orgSeineMaritime, candidateId)
      expect(state.underWay).toBeNull()
      expect(state.latest).toMatchObject({ id: draft.id, completedAt: NOW, author: 'Cédric Fontaine' })
      expect(state.latest!.answers.project).toMatchObject({
        job: 'Cariste',
        romeCode: 'N1101',
        situation: 'unemployed',
        drivingLicence: 'none',
        rqth: null,
      })
      // "Aucun" keeps no situation.
      expect(state.latest!.answers.barriers.find((b) => b.challengeId === digital.id)).toMatchObject({
        level: 'none',
        situations: [],
        name: 'Numérique',
      })
      // Another organisation sees nothing of it.
      expect((await candidateDiagnoses(asDb(tx), demoIds.orgLyon, candidateId)).latest).toBeNull()

      const later = new Date('2026-12-20T09:00:00Z')
      const second = await saveDiagnosis(
        asDb(tx),
        COUNSELLOR,
        candidateId,
        {
          project: first.project,
          barriers: [
            { challengeId: mobility.id, level: 'light', situations: [] },
            { challengeId: housing.id, level: 'none' },
            { challengeId: digital.id, level: 'important', situations: ['Pas d’accès à internet'] },
          ],
        },
        { complete: true },
        later,
      )
      expect(second.ok && second.id).not.toBe(draft.id)
      const history = await candidateDiagnoses(asDb(tx), demoIds.orgSeineMaritime, candidateId)
      expect(history.previous!.id).toBe(draft.id)
      expect(compareBarriers(history.previous!.answers.barriers, history.latest!.answers.barriers)).toEqual({
        lifted: ['Logement et hébergement'],
        added: ['Numérique'],
        changed: [{ name: 'Mobilité', from: 'blocking', to: 'light' }],
      })
    })
  })
})

describe('the diagnosis sent to the person', () => {
  const tokenOf = (body: string) => /\/diagnosis\/([A-Za-z0-9_-]{43})\b/.exec(body)![1]!

  it('queues an SMS with a 7-day link; the person’s answer waits for review; the link works once', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const candidateId = await mobileCandidate(tx)
      const mobility = await challenge(tx, 'Mobilité')
      const sent = await sendDiagnosisLink(asDb(tx), COUNSELLOR, candidateId, NOW)
      expect(sent).toEqual({ ok: true, expiresAt: new Date('2026-12-02T09:00:00Z') })
      const [sms] = await tx
        .select()
        .from(s.smsMessages)
        .where(and(eq(s.smsMessages.candidateId, candidateId), eq(s.smsMessages.kind, 'diagnosis.link')))
      // The text kept in clear masks the link; the whole text waits sealed until it is sent (lib/sms/sealed-body.ts).
      expect(unseal(sms!.sealedBody!)).toMatch(
        /^Bonjour .+, Département de Seine-Maritime vous propose de répondre à quelques questions sur votre projet et vos besoins\. C’est simple\u00a0: http.+\/diagnosis\/[A-Za-z0-9_-]{43} \(lien valable 7 jours\)\.$/,
      )
      expect(sms!.body).toMatch(/\/diagnosis\/… \(lien valable 7 jours\)\.$/)
      const token = tokenOf(unseal(sms!.sealedBody!))
      // The candidate's SMS thread shows that a link went, not the key itself.
      const thread = await smsThread(asDb(tx), { organisationId: demoIds.orgSeineMaritime, candidateId })
      const shown = thread.messages.find((m) => m.kind === 'diagnosis.link')!.body
      expect(shown).toContain('/diagnosis/… (lien valable 7 jours).')
      expect(shown).not.toContain(token)
      // The diagnosis keeps only the token's hash.
      expect(await tx.select().from(s.diagnoses).where(eq(s.diagnoses.tokenHash, token))).toHaveLength(0)
      expect(await diagnosisOfToken(asDb(tx), token, NOW)).toMatchObject({
        state: 'open',
        organisationId: demoIds.orgSeineMaritime,
        organisationName: 'Département de Seine-Maritime',
      })
      expect(await diagnosisOfToken(asDb(tx), token.slice(0, 42) + (token.endsWith('A') ? 'B' : 'A'), NOW)).toBeNull()

      // A bad answer is refused and the link stays open.
      expect(
        await submitByPerson(asDb(tx), token, { barriers: [{ challengeId: mobility.id, level: 'terrible' }] }, NOW),
      ).toMatchObject({ ok: false, fieldErrors: { 'barriers.0.level': 'Choisissez une des réponses proposées.' } })
      expect(
        await submitByPerson(
          asDb(tx),
          token,
          {
            project: { job: 'Vendeuse', drivingLicence: 'none' },
            barriers: [{ challengeId: mobility.id, level: 'important', situations: ['Pas de véhicule'] }],
          },
          NOW,
        ),
      ).toEqual({ ok: true })
      expect(await diagnosisOfToken(asDb(tx), token, NOW)).toMatchObject({ state: 'used' })
      expect(await submitByPerson(asDb(tx), token, {}, NOW)).toEqual({
        ok: false,
        error: 'Ce lien n’est plus valable.',
      })
      const state = await candidateDiagnoses(asDb(tx), demoIds.orgSeineMaritime, candidateId)
      // It does not count before the review.
      expect(state.latest).toBeNull()
      expect(state.underWay).toMatchObject({ status: 'toReview', answeredAt: NOW })
      expect(await sendDiagnosisLink(asDb(tx), COUNSELLOR, candidateId, NOW)).toMatchObject({
        ok: false,
        error: 'Le candidat a déjà répondu\u00a0: relisez ses réponses avant d’envoyer un nouveau lien.',
      })
      // The counsellor reviews and completes it.
      await saveDiagnosis(asDb(tx), COUNSELLOR, candidateId, state.underWay!.answers, { complete: true }, NOW)
      expect(
        (await candidateDiagnoses(asDb(tx), demoIds.orgSeineMaritime, candidateId)).latest!.answers.barriers[0],
      ).toMatchObject({ name: 'Mobilité', level: 'important', situations: ['Pas de véhicule'] })
    })
  })

  it('an expired link opens nothing; no mobile, nothing is sent nor kept', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const candidateId = await mobileCandidate(tx)
      await sendDiagnosisLink(asDb(tx), COUNSELLOR, candidateId, NOW)
      const [sms] = await tx
        .select()
        .from(s.smsMessages)
        .where(and(eq(s.smsMessages.candidateId, candidateId), eq(s.smsMessages.kind, 'diagnosis.link')))
      const token = tokenOf(unseal(sms!.sealedBody!))
      const eightDaysLater = addElapsedDays(NOW, 8)
      expect(await diagnosisOfToken(asDb(tx), token, eightDaysLater)).toMatchObject({ state: 'expired' })
      expect(await submitByPerson(asDb(tx), token, {}, eightDaysLater)).toEqual({
        ok: false,
        error: 'Ce lien n’est plus valable.',
      })

      const [other] = await tx
        .select({ id: s.candidates.id })
        .from(s.candidates)
        .where(and(eq(s.candidates.organisationId, demoIds.orgSeineMaritime)))
        .limit(1)
      await tx.update(s.candidates).set({ phone: null }).where(eq(s.candidates.id, other!.id))
      const before = await diagnosesCount(tx)
      expect(await sendDiagnosisLink(asDb(tx), COUNSELLOR, other!.id, NOW)).toEqual({
        ok: false,
        error:
          'Le candidat n’a pas de numéro de portable valide, ou il a refusé les SMS\u00a0: le lien ne peut pas lui être envoyé.',
      })
      expect(await diagnosesCount(tx)).toBe(before)
      expect(await sendDiagnosisLink(asDb(tx), LYON, candidateId, NOW)).toMatchObject({ ok: false, notFound: true })
    })
  })
})

describe('the summary’s suggestions', () => {
  it('lists the open offers that answer the barriers, nearest first, never an expired one', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const candidateId = await mobileCandidate(tx)
      await tx
        .update(s.candidates)
        .set({ addressFormatted: '5 place du Marché, 76200 Dieppe' })
        .where(eq(s.candidates.id, candidateId))
      const base = {
        structureId: demoIds.structureMobilite,
        source: 'passerelle',
        providerName: 'Mobilité Solidaire',
        tags: ['mobilite'],
      }
      await tx.insert(s.socialOffers).values([
        { ...base, offerId: 'diag-far', name: 'A · Vélos (Paris)', addressFormatted: '1 rue de Rivoli, 75001 Paris' },
        {
          ...base,
          offerId: 'diag-dept',
          name: 'B · Auto-école sociale (Le Havre)',
          addressFormatted: '2 quai, 76600 Le Havre',
        },
        { ...base, offerId: 'diag-town', name: 'C · Garage (Dieppe)', addressFormatted: '3 rue, 76200 Dieppe' },
        {
          ...base,
          offerId: 'diag-old',
          name: 'D · Ancienne offre (Dieppe)',
          addressFormatted: '3 rue, 76200 Dieppe',
          serviceEndDate: '2026-01-01',
        },
      ])
      const mobility = await challenge(tx, 'Mobilité')
      const offers = await suggestedOffers(
        asDb(tx),
        demoIds.orgSeineMaritime,
        candidateId,
        [
          {
            challengeId: mobility.id,
            name: 'Mobilité',
            tags: mobility.tags,
            level: 'important',
            situations: [],
            comment: '',
          },
        ],
        NOW,
      )
      const names = offers.map((o) => o.name)
      expect(names[0]).toBe('C · Garage (Dieppe)')
      expect(offers[0]).toMatchObject({ nearby: 'même commune', answers: ['Mobilité'] })
      expect(names.indexOf('B · Auto-école sociale (Le Havre)')).toBeLessThan(names.indexOf('A · Vélos (Paris)'))
      expect(names).not.toContain('D · Ancienne offre (Dieppe)')
      expect(names).not.toContain('Atelier vélo 2025')
      // No barrier: no suggestion.
      expect(
        await suggestedOffers(
          asDb(tx),
          demoIds.orgSeineMaritime,
          candidateId,
          [
            {
              challengeId: mobility.id,
              name: 'Mobilité',
              tags: mobility.tags,
              level: 'none',
              situations: [],
              comment: '',
            },
          ],
          NOW,
        ),
      ).toEqual([])
    })
  })
})
