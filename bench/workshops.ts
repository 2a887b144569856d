/**
 * The figures (`npm run bench`), at 20 000 workshops, 400 000 registrations, 500 courses and 200 000
 * enrolments: the workshops dashboard (50 rows with seats and waitlist; p95 ≤ 30 ms server time, against its SQL
 * alone), the actions dashboard's late steps of one user (p95 ≤ 20 ms), and 200 candidates registered in one action
 * with their convocations queued (≤ 1 s).
 */
import type { Pool } from 'pg'
import { addElapsedDays, parisToday } from '../lib/dates'
import { lateStepsOf } from '../lib/support-courses/queries'
import { listWorkshops, type WorkshopFilters } from '../lib/workshops/queries'
import { registerCandidates } from '../lib/workshops/registrations'
import { toSmsNumber } from '../lib/sms/mobile-number'
import { createWorkshop } from '../lib/workshops/workshops'
import { serverAgainstSql } from './directory'
import { ANCHOR } from './generate'
import { summarize } from './measure'
import type { Measurement } from './measurements'

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

async function biggestWorkshopOrganisation(pool: Pool) {
  const { rows } = await pool.query<{ id: string; n: number }>(
    'SELECT organisation_id AS id, count(*)::int AS n FROM workshops GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  )
  return rows[0]!
}

export const workshopsDashboardServer: Measurement = {
  name: 'workshops-dashboard-server',
  async run({ pool, db, iterations }) {
    const org = await biggestWorkshopOrganisation(pool)
    const { rows: facilitators } = await pool.query<{ id: string }>(
      'SELECT f.user_id AS id FROM workshop_facilitators f JOIN workshops w ON w.id = f.workshop_id WHERE w.organisation_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      [org.id],
    )
    const now = new Date(ANCHOR)
    const cases: { name: string; params: WorkshopFilters }[] = [
      { name: 'upcoming', params: { tab: 'upcoming' } },
      { name: 'past', params: { tab: 'past' } },
      { name: 'past, page 10', params: { tab: 'past', page: 10 } },
      { name: 'theme', params: { tab: 'upcoming', theme: 'Numérique' } },
      { name: 'facilitator', params: { tab: 'past', facilitatorId: facilitators[0]!.id } },
    ]
    return {
      organisationWorkshops: org.n,
      ...(await serverAgainstSql(pool, db, iterations, cases, (d, p) => listWorkshops(d, org.id, p, now), 30)),
    }
  },
}

export const lateStepsServer: Measurement = {
  name: 'late-steps-server',
  async run({ pool, db, iterations }) {
    const { rows: users } = await pool.query<{ id: string; org: string; n: number }>(
      `SELECT c.owner_id AS id, c.organisation_id AS org, count(*)::int AS n FROM support_course_enrolments e JOIN support_courses c ON c.id = e.course_id
       WHERE e.status = 'active' AND e.next_due_on < $1 GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5`,
      [parisToday(new Date(ANCHOR))],
    )
    const today = parisToday(new Date(ANCHOR))
    let found = 0
    for (const u of users) found = Math.max(found, (await lateStepsOf(db, u.org, u.id, today)).length)
    const durations: number[] = []
    for (let i = 0; i < iterations; i++) {
      const u = users[i % users.length]!
      const start = performance.now()
      await lateStepsOf(db, u.org, u.id, today)
      durations.push(performance.now() - start)
    }
    const timing = summarize(durations)
    return {
      ...timing,
      lateEnrolmentsOfBusiestUser: users[0]!.n,
      rowsShown: found,
      target: { p95: 20 },
      ok: timing.p95 <= 20,
    }
  },
}

/** 200 candidates registered in one action on a new 200-seat workshop, convocations queued; ≤ 1 s. Removed afterwards. */
export const register200: Measurement = {
  name: 'register-200',
  async run({ pool, db }) {
    const org = await biggestWorkshopOrganisation(pool)
    const { rows: candidates } = await pool.query<{ id: string; phone: string }>(
      "SELECT id, phone FROM candidates WHERE organisation_id = $1 AND phone LIKE '06%' AND sms_opted_out_at IS NULL AND anonymised_at IS NULL ORDER BY id LIMIT 400",
      [org.id],
    )
    // 200 candidates who can get an SMS (a few generated numbers are not valid mobiles: they would be skipped).
    candidates.splice(0, candidates.length, ...candidates.filter((c) => toSmsNumber(c.phone)).slice(0, 200))
    const actor = { organisationId: org.id, actorId: 'bench-o1-u1' }
    const now = new Date()
    const day = parisToday(addElapsedDays(now, 10))
    const created = await createWorkshop(
      db,
      actor,
      {
        title: 'Bench : 200 inscrits',
        startsAt: `${day}T09:00`,
        endsAt: `${day}T12:00`,
        addressFormatted: 'Salle des fêtes',
        capacity: 200,
      },
      now,
    )
    if (!created.ok) throw new Error(created.error)
    const start = performance.now()
    const outcome = await registerCandidates(db, actor, created.id, { candidateIds: candidates.map((c) => c.id) }, now)
    const seconds = round((performance.now() - start) / 1000)
    if (!outcome.ok) throw new Error(outcome.error)
    const { rows: queued } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sms_messages WHERE kind = 'workshop.convocation' AND candidate_id = ANY($1)",
      [candidates.map((c) => c.id)],
    )
    await pool.query("DELETE FROM sms_messages WHERE kind = 'workshop.convocation' AND candidate_id = ANY($1)", [
      candidates.map((c) => c.id),
    ])
    await pool.query('DELETE FROM workshop_registrations WHERE workshop_id = $1', [created.id])
    await pool.query('DELETE FROM workshops WHERE id = $1', [created.id])
    return {
      registered: outcome.registered,
      convocationsQueued: queued[0]!.n,
      seconds,
      target: { seconds: 1 },
      ok: seconds <= 1 && outcome.registered === 200,
    }
  },
}
