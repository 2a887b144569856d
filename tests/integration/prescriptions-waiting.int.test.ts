import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { partnerDashboard } from '@/lib/partners/partner-dashboard'
import { answersDueOfStructure } from '@/lib/prescriptions/partner-answers-due'
import { listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import { actionsDashboard, type ActionsDashboardViewer } from '@/lib/prescriptions/referent-dashboard'
import type { WaitingFilter } from '@/lib/prescriptions/waiting-filter'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Issue 40 §3, the waiting time: the actions dashboard's "Sans réponse depuis plus de N jours" and "Expirées sans
// réponse", the partner's pending tab oldest first, and the partner dashboard's answers due this week. Everything is
// written here in a rolled-back transaction, and every expected value below is worked out by hand from the dates
// written (Paris is UTC+2 until 25 October 2026 at 03:00, UTC+1 after).
const db = useTestDb()
const NOW = new Date('2026-10-27T10:00:00Z') // Tuesday 27 October, 11:00 in Paris
const TODAY = '2026-10-27'

type State = 'PRESCRIPTION_FILLED' | 'INTEGRATED_CANDIDATE' | 'EXPIRED'

async function fixture(tx: Tx) {
  const organisation = async (name: string, answerReminderDays: number, prescriptionExpiryDays: number) => {
    const [org] = await tx
      .insert(s.organisations)
      .values({ name, answerReminderDays, prescriptionExpiryDays })
      .returning()
    const user = async (role: string) => {
      const id = `waiting-${randomUUID()}`
      await tx.insert(s.users).values({ id, name: id, email: `${id}@passerelle.test`, role, organisationId: org!.id })
      return id
    }
    return { id: org!.id, days: answerReminderDays, user }
  }
  const one = await organisation('Attente Un', 10, 60)
  const two = await organisation('Attente Deux', 5, 30)
  const referent = await one.user('referent')
  const colleague = await one.user('referent')
  const referentTwo = await two.user('referent')
  const structure = async (name: string) => {
    const [st] = await tx.insert(s.partnerStructures).values({ organisationId: one.id, name }).returning()
    const [offer] = await tx
      .insert(s.socialOffers)
      .values({ structureId: st!.id, offerId: randomUUID(), name: `Offre ${name}`, source: 'test', providerName: name })
      .returning()
    return { id: st!.id, offerId: offer!.id }
  }
  const s1 = await structure('Structure attente 1')
  const s2 = await structure('Structure attente 2')

  const candidateOf = async (organisationId: string, lastName: string) => {
    const [c] = await tx.insert(s.candidates).values({ organisationId, firstName: 'Attente', lastName }).returning()
    return c!.id
  }
  const ids: Record<string, string> = {}
  const apply = async (w: {
    key: string
    org: { id: string }
    author: string
    at: { id: string; offerId: string }
    state: State
    date: string
    fup: boolean
    candidateId?: string
    expiredAt?: string
  }) => {
    const candidateId = w.candidateId ?? (await candidateOf(w.org.id, w.key))
    const [a] = await tx
      .insert(s.socialApplies)
      .values({
        organisationId: w.org.id,
        structureId: w.at.id,
        socialOfferId: w.at.offerId,
        candidateId,
        authorId: w.author,
        state: w.state,
        prescriptionDate: new Date(w.date),
        responseDate: w.state === 'INTEGRATED_CANDIDATE' ? new Date(w.date) : null,
        expiredAt: w.expiredAt ? new Date(w.expiredAt) : null,
      })
      .returning()
    if (w.fup)
      await tx.insert(s.fups).values({
        socialApplyId: a!.id,
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
          prescriptionDate: w.date,
        },
      })
    ids[w.key] = a!.id
    return candidateId
  }
  const pending = 'PRESCRIPTION_FILLED' as const
  // Days waited on 27 October (Paris calendar days), and each one's answer due date at its organisation's reminder delay.
  await apply({
    key: 'Manuelle',
    org: one,
    author: referent,
    at: s1,
    state: pending,
    date: '2026-10-01T10:00:00Z',
    fup: false,
  }) // 26 days; manual
  const sameCandidate = await apply({
    key: 'Expireeprescrite',
    org: one,
    author: referent,
    at: s2,
    state: 'EXPIRED',
    date: '2026-08-02T10:00:00Z',
    expiredAt: '2026-10-02T10:00:00Z',
    fup: true,
  })
  await apply({
    key: 'Autrestructure',
    org: one,
    author: referent,
    at: s2,
    state: pending,
    date: '2026-10-02T10:00:00Z',
    fup: true,
    candidateId: sameCandidate,
  }) // 25 days; due 12 Oct (late)
  await apply({
    key: 'Collegue',
    org: one,
    author: colleague,
    at: s1,
    state: pending,
    date: '2026-10-05T08:00:00Z',
    fup: true,
  }) // 22 days; due 15 Oct (late)
  await apply({
    key: 'Ancienne',
    org: one,
    author: referent,
    at: s1,
    state: pending,
    date: '2026-10-10T08:00:00Z',
    fup: true,
  }) // 17 days; due 20 Oct (late)
  await apply({
    key: 'Semaine',
    org: one,
    author: referent,
    at: s1,
    state: pending,
    date: '2026-10-20T10:00:00Z',
    fup: true,
  }) // 7 days; due 30 Oct
  await apply({
    key: 'Deuxtard',
    org: two,
    author: referentTwo,
    at: s1,
    state: pending,
    date: '2026-10-20T12:00:00Z',
    fup: true,
  }) // due 25 Oct at 5 days (late)
  await apply({
    key: 'Soiree',
    org: one,
    author: referent,
    at: s1,
    state: pending,
    date: '2026-10-24T21:30:00Z',
    fup: true,
  }) // 23:30 Paris on the 24th: 3 days; due 3 Nov 21:30 UTC
  await apply({
    key: 'Minuit',
    org: one,
    author: referent,
    at: s1,
    state: pending,
    date: '2026-10-24T22:30:00Z',
    fup: true,
  }) // 00:30 Paris on the 25th: 2 days; due 3 Nov 22:30 UTC
  await apply({
    key: 'Deuxbientot',
    org: two,
    author: referentTwo,
    at: s1,
    state: pending,
    date: '2026-10-25T12:00:00Z',
    fup: true,
  }) // due 30 Oct at 5 days
  await apply({
    key: 'Jour',
    org: one,
    author: referent,
    at: s1,
    state: pending,
    date: '2026-10-27T07:00:00Z',
    fup: true,
  }) // today
  await apply({
    key: 'Integree',
    org: one,
    author: referent,
    at: s1,
    state: 'INTEGRATED_CANDIDATE',
    date: '2026-09-01T10:00:00Z',
    fup: true,
  })
  await apply({
    key: 'Expiree',
    org: one,
    author: referent,
    at: s1,
    state: 'EXPIRED',
    date: '2026-08-01T10:00:00Z',
    expiredAt: '2026-10-01T10:00:00Z',
    fup: true,
  })
  await apply({
    key: 'Deuxexpiree',
    org: two,
    author: referentTwo,
    at: s1,
    state: 'EXPIRED',
    date: '2026-08-01T10:00:00Z',
    expiredAt: '2026-09-01T10:00:00Z',
    fup: true,
  })
  return { one, two, referent, colleague, s1, s2, ids }
}

type Fixture = Awaited<ReturnType<typeof fixture>>

const viewer = (f: Fixture, wholeOrganisation = false): ActionsDashboardViewer => ({
  userId: f.referent,
  organisationId: f.one.id,
  answerReminderDays: f.one.days,
  wholeOrganisation,
  workshops: false,
  courses: false,
  orientations: false,
})

async function unanswered(tx: Tx, f: Fixture, filter: WaitingFilter | null, wholeOrganisation = false) {
  const view = await actionsDashboard(tx, viewer(f, wholeOrganisation), NOW, TODAY, filter)
  const byId = new Map(Object.entries(f.ids).map(([key, id]) => [id, key]))
  return { keys: view.unanswered.rows.map((r) => byId.get(r.id)), total: view.unanswered.total, view }
}

describe('the actions dashboard: "Sans réponse depuis plus de N jours"', () => {
  it('keeps the prescriptions that waited more than N Paris calendar days, oldest first, the viewer’s own', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const f = await fixture(tx)
      const days = (n: number) => unanswered(tx, f, { kind: 'days', days: n })
      // More than 2 days: Soirée (3 days) is in; Minuit (made 24 hours earlier than Soirée plus one, at 00:30 Paris on
      // the 25th: 2 days, though more than 48 hours ago) is out, as are today's and another author's.
      expect(await days(2)).toMatchObject({
        keys: ['Manuelle', 'Autrestructure', 'Ancienne', 'Semaine', 'Soiree'],
        total: 5,
      })
      expect(await days(3)).toMatchObject({ keys: ['Manuelle', 'Autrestructure', 'Ancienne', 'Semaine'], total: 4 })
      expect(await days(15)).toMatchObject({ keys: ['Manuelle', 'Autrestructure', 'Ancienne'], total: 3 })
      expect(await days(30)).toMatchObject({ keys: [], total: 0 })
      // Without a filter: the organisation's reminder delay, 10 days.
      const byDefault = await unanswered(tx, f, null)
      expect(byDefault).toMatchObject({ keys: ['Manuelle', 'Autrestructure', 'Ancienne'], total: 3 })
      expect(byDefault.view.waiting).toEqual({ kind: 'days', days: 10 })
    })
  })

  it('gives a user who follows the whole organisation its other referents’ ones too, and never another organisation’s', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const f = await fixture(tx)
      expect(await unanswered(tx, f, { kind: 'days', days: 15 }, true)).toMatchObject({
        keys: ['Manuelle', 'Autrestructure', 'Collegue', 'Ancienne'],
        total: 4,
      })
      expect(await unanswered(tx, f, { kind: 'days', days: 2 }, true)).toMatchObject({
        keys: ['Manuelle', 'Autrestructure', 'Collegue', 'Ancienne', 'Semaine', 'Soiree'],
        total: 6,
      })
    })
  })
})

describe('the actions dashboard: "Expirées sans réponse"', () => {
  it('lists the organisation’s expired ones not prescribed again since, with the prescriber’s defaults', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const f = await fixture(tx)
      // Expireeprescrite was prescribed again to the same offer (Autrestructure, pending): nothing left to do there.
      const expired = await unanswered(tx, f, { kind: 'expired' })
      expect(expired).toMatchObject({ keys: ['Expiree'], total: 1 })
      expect(expired.view.prescriber).toBeNull()
      const asPrescriber = await actionsDashboard(tx, { ...viewer(f), prescriber: true }, NOW, TODAY, {
        kind: 'expired',
      })
      expect(asPrescriber.prescriber).not.toBeNull()
      expect(asPrescriber.unanswered.rows[0]!.expiredAt).toEqual(new Date('2026-10-01T10:00:00Z'))
      expect(await unanswered(tx, f, { kind: 'expired' }, true)).toMatchObject({ keys: ['Expiree'], total: 1 })
    })
  })
})

describe('the partner structure', () => {
  it('lists its pending tab oldest first, whichever organisation prescribed', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const f = await fixture(tx)
      const { rows, counts } = await listAppliesByTab(tx, {
        structureId: f.s1.id,
        offerId: f.s1.offerId,
        tab: 'PRESCRIPTION_FILLED',
      })
      const order = [
        'Manuelle',
        'Collegue',
        'Ancienne',
        'Semaine',
        'Deuxtard',
        'Soiree',
        'Minuit',
        'Deuxbientot',
        'Jour',
      ]
      expect(rows.map((r) => r.candidate.lastName)).toEqual(order)
      expect(counts.PRESCRIPTION_FILLED).toBe(9)
      // The first page holds the longest-waiting ones, the next page the following ones.
      for (const skip of [0, 2])
        expect(
          (
            await listAppliesByTab(tx, {
              structureId: f.s1.id,
              offerId: f.s1.offerId,
              tab: 'PRESCRIPTION_FILLED',
              skip,
              limit: 2,
            })
          ).rows.map((r) => r.candidate.lastName),
        ).toEqual(order.slice(skip, skip + 2))
      // The same order with a filter or a search (another statement).
      const searched = await listAppliesByTab(tx, {
        structureId: f.s1.id,
        offerId: f.s1.offerId,
        tab: 'PRESCRIPTION_FILLED',
        filters: { search: 'attente' },
      })
      expect(searched.rows.map((r) => r.candidate.lastName)).toEqual(order)
      const searchedPage = await listAppliesByTab(tx, {
        structureId: f.s1.id,
        offerId: f.s1.offerId,
        tab: 'PRESCRIPTION_FILLED',
        filters: { search: 'attente' },
        limit: 2,
      })
      expect(searchedPage.rows.map((r) => r.candidate.lastName)).toEqual(order.slice(0, 2))
    })
  })

  it('counts the answers due within 7 days at each prescribing organisation’s reminder delay, late ones included', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const f = await fixture(tx)
      // Until 3 November 10:00 UTC: Collegue (15 Oct), Ancienne (20 Oct), Deuxtard (25 Oct, 5-day delay) are late;
      // Semaine and Deuxbientot fall due on 30 October. Soirée and Minuit fall due on 3 November in the evening, Jour on
      // 6 November; Manuelle has no follow-up sheet; the integrated and expired ones are answered or gone.
      expect(await answersDueOfStructure(tx, f.s1.id, NOW)).toEqual({ due: 5, late: 3 })
      // The other structure: only its own (Autrestructure, due 12 October).
      expect(await answersDueOfStructure(tx, f.s2.id, NOW)).toEqual({ due: 1, late: 1 })
      // A day later, Soirée and Minuit (3 November) come within the week; nothing more is late.
      expect(await answersDueOfStructure(tx, f.s1.id, new Date('2026-10-28T10:00:00Z'))).toEqual({ due: 7, late: 3 })
      // The dashboard reads the same figure.
      const view = await partnerDashboard(tx, f.s1.id, { withArchived: false, now: NOW })
      expect(view!.answersDue).toEqual({ due: 5, late: 3 })
      // Sent with their sheet's PDF, as the prescription form sends them, Collegue and Semaine count the same: once,
      // from the index's branch that needs no FUP probe.
      for (const key of ['Collegue', 'Semaine']) {
        const [doc] = await tx
          .insert(s.documents)
          .values({ name: 'Fiche.pdf', mimeType: 'application/pdf', content: Buffer.from('%PDF') })
          .returning()
        await tx
          .update(s.socialApplies)
          .set({ prescriptionDocumentId: doc!.id })
          .where(eq(s.socialApplies.id, f.ids[key]!))
      }
      expect(await answersDueOfStructure(tx, f.s1.id, NOW)).toEqual({ due: 5, late: 3 })
    })
  })
})
