/**
 * The diagnosis figure (`npm run bench`): the summary's suggested offers (open offers of the organisation's
 * structures and the shared ones whose tags meet the barriers, nearest first), p95 ≤ 30 ms at 5 000 offers.
 */
import { suggestedOffers } from '../lib/diagnosis/suggestions'
import type { Barrier } from '../lib/diagnosis/questionnaire'
import { ANCHOR } from './generate'
import { summarize } from './measure'
import type { Measurement } from './measurements'

export const diagnosisSuggestionsServer: Measurement = {
  name: 'diagnosis-suggestions-server',
  async run({ pool, db, iterations }) {
    const {
      rows: [org],
    } = await pool.query<{ id: string; n: number }>(
      `SELECT l.organisation_id AS id, count(*)::int AS n FROM organisation_partner_structures l JOIN social_offers o ON o.structure_id = l.structure_id GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    )
    const { rows: people } = await pool.query<{ id: string }>(
      'SELECT id FROM candidates WHERE organisation_id = $1 AND address_formatted IS NOT NULL ORDER BY id LIMIT 20',
      [org!.id],
    )
    const { rows: challenges } = await pool.query<{ id: string; name: string; tags: string[] }>(
      'SELECT id, name, tags FROM challenges WHERE organisation_id IS NULL ORDER BY position LIMIT 4',
    )
    // Four barriers (the first challenges: mobility, housing, health, family), of every level.
    const levels = ['blocking', 'important', 'light', 'important'] as const
    const barriers: Barrier[] = challenges.map((c, i) => ({
      challengeId: c.id,
      name: c.name,
      tags: c.tags,
      level: levels[i]!,
      situations: [],
      comment: '',
    }))
    const now = new Date(ANCHOR)
    let shown = 0
    for (let i = 0; i < 10; i++)
      shown = (await suggestedOffers(db, org!.id, people[i % people.length]!.id, barriers, now)).length
    const durations: number[] = []
    for (let i = 0; i < iterations; i++) {
      const start = performance.now()
      await suggestedOffers(db, org!.id, people[i % people.length]!.id, barriers, now)
      durations.push(performance.now() - start)
    }
    const timing = summarize(durations)
    const {
      rows: [offers],
    } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM social_offers')
    return {
      offers: offers!.n,
      organisationOffers: org!.n,
      barriers: barriers.length,
      suggestionsShown: shown,
      ...timing,
      target: { p95: 30 },
      ok: timing.p95 <= 30,
    }
  },
}
