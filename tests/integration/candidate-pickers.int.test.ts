import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { createJobOffer } from '@/lib/job-offers/job-offers'
import { placeCandidates } from '@/lib/job-offers/placements'
import { placedOn } from '@/lib/job-offers/queries'
import { prescribe } from '@/lib/prescriptions/referent-prescribes'
import { createCourse, enrolCandidates } from '@/lib/support-courses/courses'
import { enrolledIn } from '@/lib/support-courses/queries'
import { registerCandidates } from '@/lib/workshops/registrations'
import { registeredTo } from '@/lib/workshops/queries'
import { createWorkshop } from '@/lib/workshops/workshops'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// An anonymised candidate (RGPD retention) is in none of the four pickers, and none of the four writes
// that take candidates (prescribe, register, enrol, place) accepts one: a French refusal, nothing written.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-referent' }
const NOW = new Date('2026-11-25T09:00:00Z')
const workshop = {
  title: 'Atelier CV',
  theme: 'Emploi',
  description: 'Rédiger son CV.',
  startsAt: '2026-12-03T14:00',
  endsAt: '2026-12-03T16:30',
  addressFormatted: 'Maison de l’emploi, 76000 Rouen',
  capacity: 10,
  facilitatorIds: ['demo-conseiller'],
}
const jobOffer = {
  title: 'Préparateur de commandes',
  romeCode: 'n1103',
  contractType: 'interim',
  workingTime: 'full',
  positions: '2',
  description: '<p>Entrepôt</p>',
}
const manual = { manual: true, prescription: { prescriptionDate: '2026-11-20' } }

async function setting(tx: Tx) {
  const [sophie] = await tx
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(and(eq(s.candidates.organisationId, SM.organisationId), eq(s.candidates.lastName, 'Lefèvre')))
  const w = await createWorkshop(asDb(tx), SM, workshop, NOW)
  const c = await createCourse(asDb(tx), SM, { name: 'Parcours emploi', ownerId: 'demo-referent' })
  const [enterprise] = await tx
    .select()
    .from(s.enterprises)
    .where(and(eq(s.enterprises.organisationId, SM.organisationId), eq(s.enterprises.name, 'Transports Normands')))
  const j = await createJobOffer(asDb(tx), SM, enterprise!.id, jobOffer)
  if (!w.ok || !c.ok || !j.ok) throw new Error('setting up the workshop, course or job offer failed')
  return { sophieId: sophie!.id, workshopId: w.id, courseId: c.id, jobOfferId: j.id }
}

async function pickers(tx: Tx, ids: { workshopId: string; courseId: string; jobOfferId: string }, search: string) {
  const names = (rows: { lastName: string }[]) => rows.map((r) => r.lastName)
  return {
    prescribe: names(await searchPickableCandidates(tx, SM.organisationId, search, { listWithoutSearch: true })),
    workshop: names(
      await searchPickableCandidates(tx, SM.organisationId, search, {
        taken: registeredTo(SM.organisationId, ids.workshopId),
      }),
    ),
    course: names(
      await searchPickableCandidates(tx, SM.organisationId, search, {
        taken: enrolledIn(SM.organisationId, ids.courseId),
      }),
    ),
    placement: names(
      await searchPickableCandidates(tx, SM.organisationId, search, {
        taken: placedOn(SM.organisationId, ids.jobOfferId),
      }),
    ),
  }
}

const anonymise = (tx: Tx, id: string) =>
  tx.update(s.candidates).set({ anonymisedAt: NOW }).where(eq(s.candidates.id, id))

async function written(tx: Tx, candidateId: string) {
  const { rows } = await tx.execute<{
    applies: number
    registrations: number
    enrolments: number
    placements: number
  }>(sql`select
    (select count(*)::int from social_applies where candidate_id = ${candidateId}) as applies,
    (select count(*)::int from workshop_registrations where candidate_id = ${candidateId}) as registrations,
    (select count(*)::int from support_course_enrolments where candidate_id = ${candidateId}) as enrolments,
    (select count(*)::int from job_placements where candidate_id = ${candidateId}) as placements`)
  return rows[0]!
}

describe('the anonymised rule, on every candidate picker and every write that takes candidates', () => {
  it('the four pickers find a candidate until anonymised, then none does', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await setting(tx)
      expect(await pickers(tx, ids, 'lefevre')).toEqual({
        prescribe: ['Lefèvre'],
        workshop: ['Lefèvre'],
        course: ['Lefèvre'],
        placement: ['Lefèvre'],
      })
      const listed = (await searchPickableCandidates(tx, SM.organisationId, '', { listWithoutSearch: true })).length
      await anonymise(tx, ids.sophieId)
      expect(await pickers(tx, ids, 'lefevre')).toEqual({ prescribe: [], workshop: [], course: [], placement: [] })
      // The prescription picker's list without a search leaves the anonymised candidate out too.
      const unsearched = await searchPickableCandidates(tx, SM.organisationId, '', { listWithoutSearch: true })
      expect(unsearched.map((c) => c.id)).not.toContain(ids.sophieId)
      expect(unsearched.length).toBe(listed - 1)
    })
  })

  it('prescribing, registering, enrolling and placing refuse an anonymised candidate in French and write nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await setting(tx)
      await anonymise(tx, ids.sophieId)
      const audits = async () => (await tx.select({ n: count() }).from(s.auditLog))[0]!.n
      const auditsBefore = await audits()
      const before = await written(tx, ids.sophieId)
      expect(
        await prescribe(asDb(tx), {
          organisationId: SM.organisationId,
          authorId: SM.actorId,
          input: { candidateId: ids.sophieId, offerId: demoIds.offerScooter, ...manual },
          now: NOW,
        }),
      ).toEqual({
        ok: false,
        error:
          'Ce candidat a été anonymisé (durée de conservation dépassée)\u00a0: il ne peut plus recevoir de prescription.',
      })
      const unknown = { ok: false, error: 'Un des candidats choisis est introuvable.' }
      expect(
        await registerCandidates(asDb(tx), SM, ids.workshopId, { candidateIds: [ids.sophieId] }, NOW),
      ).toMatchObject(unknown)
      expect(
        await enrolCandidates(asDb(tx), SM, ids.courseId, { candidateIds: [ids.sophieId] }, '2026-11-25'),
      ).toMatchObject(unknown)
      expect(await placeCandidates(asDb(tx), SM, ids.jobOfferId, { candidateIds: [ids.sophieId] })).toMatchObject(
        unknown,
      )
      expect(await written(tx, ids.sophieId)).toEqual(before)
      expect(await audits()).toBe(auditsBefore)
    })
  })

  it('the same candidate, not anonymised, is prescribed, registered, enrolled and placed (the refusals above are the rule’s)', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = await setting(tx)
      const before = await written(tx, ids.sophieId)
      expect(
        await prescribe(asDb(tx), {
          organisationId: SM.organisationId,
          authorId: SM.actorId,
          input: { candidateId: ids.sophieId, offerId: demoIds.offerScooter, ...manual },
          now: NOW,
        }),
      ).toMatchObject({ ok: true })
      expect(
        await registerCandidates(asDb(tx), SM, ids.workshopId, { candidateIds: [ids.sophieId] }, NOW),
      ).toMatchObject({ ok: true, registered: 1 })
      expect(await enrolCandidates(asDb(tx), SM, ids.courseId, { candidateIds: [ids.sophieId] }, '2026-11-25')).toEqual(
        { ok: true, enrolled: 1 },
      )
      expect(await placeCandidates(asDb(tx), SM, ids.jobOfferId, { candidateIds: [ids.sophieId] })).toEqual({
        ok: true,
        placed: 1,
      })
      expect(await written(tx, ids.sophieId)).toEqual({
        applies: before.applies + 1,
        registrations: before.registrations + 1,
        enrolments: before.enrolments + 1,
        placements: before.placements + 1,
      })
      // Each picker now marks her as already there: registered, enrolled, placed (the prescribe picker has no such mark).
      const taken = async (t?: ReturnType<typeof placedOn>) =>
        (await searchPickableCandidates(tx, SM.organisationId, 'lefevre', { taken: t })).map((c) => c.taken)
      expect([
        await taken(),
        await taken(registeredTo(SM.organisationId, ids.workshopId)),
        await taken(enrolledIn(SM.organisationId, ids.courseId)),
        await taken(placedOn(SM.organisationId, ids.jobOfferId)),
      ]).toEqual([[false], [true], [true], [true]])
      // Another organisation's picker never finds her, nor marks her as there.
      expect(
        await searchPickableCandidates(tx, demoIds.orgLyon, 'lefevre', {
          taken: placedOn(demoIds.orgLyon, ids.jobOfferId),
        }),
      ).toEqual([])
    })
  })
})
