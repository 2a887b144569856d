/**
 * `import-10k`: the candidates import end to end through the app's domain code — a 10 000-row CSV (3 bad
 * rows) read by `parseImportFile`, mapped by `guessMapping`, then `importCandidates` (validation, duplicates against the
 * organisation's candidates, batched inserts in one transaction, audit row) — with the process's memory sampled.
 * Target: ≤ 10 s and ≤ 300 MB of RSS.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { candidateSettings } from '../lib/candidates/organisation-settings'
import { checkMapping, guessMapping } from '../lib/imports/columns'
import { importCandidates, type ImportStep } from '../lib/imports/import-candidates'
import { parseImportFile } from '../lib/imports/parse-file'
import { analyseOfferImport, commitOfferImport } from '../lib/offers/import-offers'
import { candidatesCsv } from '../tests/fixtures/imports/candidates-csv'
import type { Measurement } from './measurements'

const ROWS = 10_000
const TARGET = { seconds: 10, rssMb: 300 }
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
const round = (n: number) => Math.round(n * 1000) / 1000

/** The garbage collector, so that each run starts from a collected heap, as a server between two requests would. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

/** Peak RSS and heap while `work` runs, sampled every 5 ms (and once at the end, and at every reported step). */
function memorySampler() {
  const peak = { rss: 0, heapUsed: 0 }
  const sample = () => {
    const m = process.memoryUsage()
    peak.rss = Math.max(peak.rss, m.rss)
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed)
  }
  sample()
  const timer = setInterval(sample, 5)
  return { peak, sample, stop: () => (clearInterval(timer), sample()) }
}

export const import10k: Measurement = {
  name: 'import-10k',
  async run({ client, db, iterations, log }) {
    // The biggest organisation: the duplicate check has the most candidates to look through.
    const { rows: orgs } = await client.query<{ id: string; n: number }>(
      'SELECT organisation_id AS id, count(*)::int AS n FROM candidates GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1',
    )
    const org = orgs[0]!
    const { rows: placeRows } = await client.query<{ label: string }>(
      'SELECT label FROM places WHERE organisation_id = $1 ORDER BY label',
      [org.id],
    )
    const { rows: statusRows } = await client.query<{ label: string }>(
      'SELECT label FROM candidate_statuses WHERE organisation_id = $1 ORDER BY position',
      [org.id],
    )
    const { rows: referents } = await client.query<{ id: string; email: string }>(
      `SELECT id, email FROM "user" WHERE organisation_id = $1 AND role = 'referent' AND NOT disabled ORDER BY id LIMIT 1`,
      [org.id],
    )
    const settings = {
      places: placeRows.map((p) => p.label.toLowerCase()),
      statuses: statusRows.map((s) => s.label),
      referentEmail: referents[0]!.email.toUpperCase(),
    }
    const { customFields } = await candidateSettings(db, org.id)

    // Every 4th row has a NIR, encrypted on insert as in the app: a test key, as the bench servers have (bench/http.ts).
    process.env.NIR_ENCRYPTION_KEY ??= 'O2cKkZ/HbstqYV0Qs+rFQjX2JpRsMTKyXj0Ab0O+H6Y='
    const runs: Record<string, number>[] = []
    const memory = { rssMb: 0, heapUsedMb: 0 }
    const count = Math.min(3, iterations)
    for (let run = 0; run < count; run++) {
      const tag = `Benchimport${run}`
      // Three bad rows: an email, a place of no organisation, an impossible date (file lines 1001, 5002, 9999).
      const csv = candidatesCsv(
        ROWS,
        tag,
        {
          1001: (c) => c.map((v, i) => (i === 5 ? 'pas-un-email' : v)),
          5002: (c) => c.map((v, i) => (i === 7 ? 'Nulle-part' : v)),
          9999: (c) => c.map((v, i) => (i === 2 ? '31/02/1990' : v)),
        },
        settings,
      )
      const bytes = new TextEncoder().encode(csv)
      collectGarbage()
      const baselineRssMb = mb(process.memoryUsage().rss)
      const sampler = memorySampler()
      const marks: Partial<Record<'parse' | ImportStep, number>> = {}
      const start = performance.now()
      const parsed = await parseImportFile(bytes, 'bench.csv')
      if (!parsed.ok) throw new Error(parsed.error)
      marks.parse = performance.now()
      sampler.sample()
      const mapping = checkMapping(guessMapping(parsed.table.headers, customFields), parsed.table.headers, customFields)
      if (!mapping.ok) throw new Error(mapping.error)
      const result = await importCandidates(db, {
        organisationId: org.id,
        actorId: referents[0]!.id,
        table: parsed.table,
        mapping: mapping.mapping,
        mode: 'valid',
        includeDuplicates: false,
        onProgress: (step) => {
          marks[step] = performance.now()
          sampler.sample()
        },
      })
      const end = performance.now()
      sampler.stop()
      if (!result.ok) throw new Error(result.error)
      const invalidLines = result.lines.filter((l) => l.status === 'invalid').map((l) => l.line)
      runs.push({
        seconds: round((end - start) / 1000),
        parse: round((marks.parse! - start) / 1000),
        validate: round((marks.validate! - marks.parse!) / 1000),
        duplicates: round((marks.duplicates! - marks.validate!) / 1000),
        // The inserts and the commit.
        insert: round((end - marks.duplicates!) / 1000),
        imported: result.imported,
        invalid: invalidLines.length,
        baselineRssMb,
        rssMb: mb(sampler.peak.rss),
        heapUsedMb: mb(sampler.peak.heapUsed),
      })
      if (result.imported !== ROWS - 3 || invalidLines.join() !== '1001,5002,9999')
        throw new Error(`unexpected import result: ${result.imported} imported, invalid lines ${invalidLines.join()}`)
      memory.rssMb = Math.max(memory.rssMb, mb(sampler.peak.rss))
      memory.heapUsedMb = Math.max(memory.heapUsedMb, mb(sampler.peak.heapUsed))
      log(`import-10k run ${run + 1}: ${JSON.stringify(runs.at(-1))}`)

      // Untimed: the imported candidates and the audit row go, so that later figures see the data as loaded.
      await client.query(`DELETE FROM candidates WHERE organisation_id = $1 AND last_name LIKE $2`, [
        org.id,
        `${tag}-Nom-%`,
      ])
      await client.query(`DELETE FROM audit_log WHERE action = 'candidate.import' AND organisation_id = $1`, [org.id])
    }
    await client.query('VACUUM ANALYZE candidates')
    const seconds = Math.max(...runs.map((r) => r.seconds!))
    return {
      seconds,
      ...memory,
      target: TARGET,
      ok: seconds <= TARGET.seconds && memory.rssMb <= TARGET.rssMb,
      rows: ROWS,
      fileMb: mb(new TextEncoder().encode(candidatesCsv(ROWS, 'Size', {}, settings)).length),
      orgCandidates: org.n,
      maxRssMbOfProcess: mb(process.resourceUsage().maxRSS * 1024),
      runs,
    }
  },
}

/**
 * `import-5000-di-services`: 5 000 data·inclusion services in the API's search shape
 * (`{items: [{service: {…, structure}, distance}], total, page, size}`), built from the published v1 service of
 * tests/fixtures/data-inclusion/services-v1-search-page.json with a markdown description each, imported from one
 * structure's sheet: read, matched to the structure (its SIRET, else the one structure the file names), markdown
 * rendered and sanitised, checked, then written in one transaction. Target: ≤ 5 s, checks included (as import-5000-offers). Removed afterwards.
 */
export const import5000DiServices: Measurement = {
  name: 'import-5000-di-services',
  async run({ pool, db, log }) {
    const { rows } = await pool.query<{ id: string; siret: string | null }>(
      'SELECT s.id, s.siret FROM organisation_partner_structures l JOIN partner_structures s ON s.id = l.structure_id ORDER BY s.id LIMIT 1',
    )
    const structure = rows[0]!
    const published = JSON.parse(
      readFileSync(join(process.cwd(), 'tests/fixtures/data-inclusion/services-v1-search-page.json'), 'utf8'),
    ).items[0]
    const items = Array.from({ length: 5000 }, (_, i) => ({
      service: {
        ...published.service,
        id: `bench--di-${i}`,
        source: 'bench',
        nom: `Service importé ${i}`,
        description: `**Accompagnement ${i}** sur rendez-vous.<br>Permanence le mardi \\- [inscription](<https://exemple.org/inscription/${i}>)\n<!-- note interne -->\n\n* premier point\n* second point`,
        structure: { ...published.service.structure, siret: structure.siret },
      },
      distance: i,
    }))
    const bytes = new TextEncoder().encode(JSON.stringify({ items, total: 5000, page: 1, size: 5000 }))
    const start = performance.now()
    const analysis = await analyseOfferImport(db, structure.id, bytes, 'services.json')
    const analysed = performance.now()
    if (!analysis.ok) throw new Error(analysis.error)
    const outcome = await commitOfferImport(db, { actorId: 'bench-o1-u0', organisationId: null }, analysis.offers)
    const seconds = round((performance.now() - start) / 1000)
    if (!outcome.ok) throw new Error(outcome.error)
    log(`import-5000-di-services: ${outcome.created} created in ${seconds} s`)
    await pool.query("DELETE FROM social_offers WHERE source = 'bench' AND offer_id LIKE 'bench--di-%'")
    await pool.query("DELETE FROM audit_log WHERE action = 'socialOffers.imported' AND entity_id = $1", [structure.id])
    return {
      rows: 5000,
      fileMb: mb(bytes.length),
      created: outcome.created,
      invalid: analysis.invalid,
      seconds,
      analyseSeconds: round((analysed - start) / 1000),
      target: { seconds: 5 },
      ok: seconds <= 5 && outcome.created === 5000,
    }
  },
}
