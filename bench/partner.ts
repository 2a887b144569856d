/**
 * Partner-side measurements of `npm run bench` that call the app's own domain code (not copies of its SQL):
 * the applies list of an offer page (`listAppliesByTab`), archiving 50 applies (`archiveApplies`) and the FUP PDF
 * (`renderFupPdf`). Each compares its p95 with the target of the issue (`target`, `ok`).
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import type { PoolClient } from 'pg'
import { withMandatoryLogos } from '../lib/prescriptions/fup-answer-schema'
import { archiveApplies } from '../lib/prescriptions/partner-archives'
import { type ApplyFilters, listAppliesByTab } from '../lib/prescriptions/partner-lists'
import type { ApplyState } from '../lib/prescriptions/states'
import * as schema from '../lib/db/schema'
import type { FupBeneficiary, FupPartnerFeedback, FupPrescription, FupSponsorLogo } from '../lib/db/schema'
import { renderFupPdf, type FupPdfInput } from '../lib/fup/render-fup-pdf'
import { explainStatements, measure, summarize, type Statement, type Timing } from './measure'
import type { Measurement } from './measurements'

const STATES: ApplyState[] = ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE']
/** A fragment of common last names (Martin, Marchand, Martinez…): what a partner types in the search box. */
export const SEARCH = 'mar'
/** The place/status filter: three towns (in every organisation that has them) and two statuses. */
const FILTER_PLACES = ['Rouen', 'Lyon', 'Lille']
const FILTER_STATUSES = ['new', 'inProgress']

export type BusiestOffer = { id: string; structureId: string; applies: number }

/** The offer with the most applies, and the structure that owns it: the partner page that has the most to show. */
export async function busiestOffer(client: PoolClient): Promise<BusiestOffer> {
  const { rows } = await client.query<BusiestOffer>(`
    SELECT a.social_offer_id AS id, o.structure_id AS "structureId", count(*)::int AS applies
    FROM social_applies a JOIN social_offers o ON o.id = a.social_offer_id
    GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 1`)
  return rows[0]!
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

type Case = {
  name: string
  tab: ApplyState
  filters: ApplyFilters
  statements: Statement[]
  server: number[]
  sql: number[]
  rows: number
  total: number
}

/**
 * `listAppliesByTab` for the busiest offer, in each tab, without filter, with a search and with place and status
 * filters. Each iteration also runs the two statements the function issued for the same case, captured once through a
 * Drizzle logger, straight through pg (concurrently, as the function does): `ratio` is the function's p95 over theirs.
 */
export const appliesByTabServer: Measurement = {
  name: 'applies-by-tab-server',
  async run({ client, pool, db, iterations, log }) {
    const offer = await busiestOffer(client)
    const { rows: placeRows } = await client.query<{ id: string }>(
      'SELECT id FROM places WHERE label = ANY($1) ORDER BY id',
      [FILTER_PLACES],
    )
    const variants: Record<string, ApplyFilters> = {
      none: {},
      search: { search: SEARCH },
      filters: { placeIds: placeRows.map((p) => p.id), statusValues: FILTER_STATUSES },
    }
    const cases: Case[] = STATES.flatMap((tab) =>
      Object.entries(variants).map(([variant, filters]) => ({
        name: `${tab}/${variant}`,
        tab,
        filters,
        statements: [],
        server: [],
        sql: [],
        rows: 0,
        total: 0,
      })),
    )
    const call = (c: Case) =>
      listAppliesByTab(db, {
        structureId: offer.structureId,
        offerId: offer.id,
        tab: c.tab,
        filters: c.filters,
        skip: 0,
        limit: 50,
      })
    const callSql = (c: Case) => Promise.all(c.statements.map((s) => pool.query(s.sql, s.params)))

    // The exact SQL text and parameters of each case: the same call through a Drizzle instance that logs its queries.
    let captured: Statement[] = []
    const logging = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => void captured.push({ sql, params: [...params] }) },
    })
    for (const c of cases) {
      captured = []
      const result = await listAppliesByTab(logging, {
        structureId: offer.structureId,
        offerId: offer.id,
        tab: c.tab,
        filters: c.filters,
        skip: 0,
        limit: 50,
      })
      if (captured.length !== 2) throw new Error(`listAppliesByTab issued ${captured.length} statements, expected 2`)
      c.statements = captured
      c.rows = result.rows.length
      c.total = result.counts[c.tab]
      // Warm-up: once each, untimed.
      await call(c)
      await callSql(c)
    }

    // Iterations cycle through the cases; the function and its SQL alternate which goes first.
    for (let i = 0; i < iterations; i++) {
      const c = cases[i % cases.length]!
      const order = Math.floor(i / cases.length) % 2 === 0 ? (['server', 'sql'] as const) : (['sql', 'server'] as const)
      for (const which of order) {
        const start = performance.now()
        await (which === 'server' ? call(c) : callSql(c))
        c[which].push(performance.now() - start)
      }
    }

    const server = summarize(cases.flatMap((c) => c.server))
    const sql = summarize(cases.flatMap((c) => c.sql))
    const ratio = round(server.p95 / sql.p95)
    const ok = server.p95 <= 40 && ratio <= 3
    const byCase = Object.fromEntries(
      cases.map((c) => {
        const s = summarize(c.server)
        const q = summarize(c.sql)
        return [c.name, { p50: s.p50, p95: s.p95, sqlP50: q.p50, sqlP95: q.p95, rows: c.rows, total: c.total }]
      }),
    )
    const slowest = cases.reduce((a, b) => (summarize(b.server).p95 > summarize(a.server).p95 ? b : a))
    if (!ok)
      await explainStatements(
        client,
        log,
        slowest.name,
        slowest.statements,
        (k) => `${k + 1} (${k === 0 ? 'rows' : 'counts'})`,
      )
    return {
      ...server,
      sql,
      ratio,
      target: { p95: 40, ratio: 3 },
      ok,
      offerApplies: offer.applies,
      search: SEARCH,
      filters: { places: FILTER_PLACES, statuses: FILTER_STATUSES },
      slowest: slowest.name,
      cases: byCase,
    }
  },
}

/**
 * `archiveApplies` of 50 answered, non-archived applies of one structure, fresh ones each run. Not the busiest offer's
 * structure, so that the later measurements of that offer see the data as loaded. When the structure runs out of
 * applies, the archived ones are restored (untimed); at the end too, with their audit rows, then the tables vacuumed.
 */
export const archive50: Measurement = {
  name: 'archive-50',
  async run({ client, db, iterations, log }) {
    const busy = await busiestOffer(client)
    const { rows: structures } = await client.query<{ id: string; n: number }>(
      `
      SELECT structure_id AS id, count(*)::int AS n FROM social_applies WHERE NOT archived AND state IN ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE')
      GROUP BY 1 ORDER BY structure_id = $1, 2 DESC, 1 LIMIT 1`,
      [busy.structureId],
    )
    const structure = structures[0]!
    const { rows: idRows } = await client.query<{ id: string }>(
      `SELECT id FROM social_applies WHERE structure_id = $1 AND NOT archived AND state IN ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE') ORDER BY id`,
      [structure.id],
    )
    const ids = idRows.map((r) => r.id)
    if (ids.length < 50) throw new Error(`structure ${structure.id} has only ${ids.length} applies to archive`)
    // Its partner user (the generator creates one per structure), else any user: audit_log.actor_id references "user".
    const { rows: actors } = await client.query<{ id: string }>(
      'SELECT id FROM "user" ORDER BY structure_id = $1 DESC NULLS LAST, id LIMIT 1',
      [structure.id],
    )
    const actorId = actors[0]!.id
    const since = (await client.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now

    let next = 0
    let restores = 0
    let batch: string[] = []
    const restore = async () => {
      await client.query('UPDATE social_applies SET archived = false, archived_at = NULL WHERE id = ANY($1::uuid[])', [
        ids.slice(0, next),
      ])
      next = 0
      restores++
    }
    const timing: Timing = await measure(
      async () => {
        const result = await archiveApplies(db, { structureId: structure.id, ids: batch, actorId })
        if (!result.ok || result.archived !== 50) throw new Error(`archiveApplies: ${JSON.stringify(result)}`)
      },
      {
        iterations,
        before: async () => {
          if (next + 50 > ids.length) await restore()
          batch = ids.slice(next, (next += 50))
        },
      },
    )
    await restore()
    restores--
    await client.query(`DELETE FROM audit_log WHERE actor_id = $1 AND action = 'apply.archived' AND at >= $2`, [
      actorId,
      since,
    ])
    const t = performance.now()
    await client.query('VACUUM (ANALYZE) social_applies, audit_log')
    log(`archive-50: restored the archived applies, vacuumed in ${((performance.now() - t) / 1000).toFixed(1)} s`)
    return { ...timing, target: { p95: 50 }, ok: timing.p95 <= 50, structureApplies: structure.n, restores }
  },
}

type FupRow = {
  name: string
  offer_name: string
  candidate_name: string
  beneficiary: FupBeneficiary
  prescription: FupPrescription
  partner_feedback: FupPartnerFeedback
  sponsors_logo: FupSponsorLogo[]
  financing_modes: string[]
}

/** `renderFupPdf` of answered FUPs of the busiest offer (beneficiary, prescription, partner's answer, sponsors). */
export const fupPdf: Measurement = {
  name: 'fup-pdf',
  async run({ client, iterations }) {
    const offer = await busiestOffer(client)
    // Both decisions, refusals for no answer to convocations (the longest answers) included.
    const { rows } = await client.query<FupRow>(
      `
      SELECT f.name, o.name AS offer_name, c.first_name || ' ' || c.last_name AS candidate_name, f.beneficiary, f.prescription,
        f.partner_feedback, f.sponsors_logo, o.financing_modes
      FROM fups f JOIN social_applies a ON a.id = f.social_apply_id JOIN social_offers o ON o.id = a.social_offer_id
      JOIN candidates c ON c.id = a.candidate_id
      WHERE a.social_offer_id = $1 AND f.partner_feedback IS NOT NULL
      ORDER BY f.id LIMIT 20`,
      [offer.id],
    )
    if (rows.length === 0) throw new Error('no answered FUP for the busiest offer')
    const inputs: FupPdfInput[] = rows.map((r) => ({
      name: r.name,
      offerName: r.offer_name,
      candidateName: r.candidate_name,
      beneficiary: r.beneficiary,
      prescription: r.prescription,
      partnerFeedback: r.partner_feedback,
      sponsorsLogo: withMandatoryLogos(r.sponsors_logo, r.financing_modes),
    }))
    let bytes = 0
    const timing = await measure(
      async (i) => {
        const pdf = await renderFupPdf(inputs[i % inputs.length]!)
        bytes = Math.max(bytes, pdf.length)
      },
      { iterations },
    )
    return { ...timing, target: { p95: 80 }, ok: timing.p95 <= 80, fups: inputs.length, maxBytes: bytes }
  },
}
