/**
 * Deterministic benchmark data set, loaded with set-based SQL (INSERT … SELECT FROM generate_series) into a freshly
 * migrated database. Every value derives from the row's series index through hashint8, never random(), and so does
 * every id, so two runs at the same scale load identical rows.
 */
import { TERMS_VERSION } from '../lib/onboarding/terms'
import os from 'node:os'
import type { Pool } from 'pg'

export type GenerateOptions = {
  scale: number
  /** Connections loading at once (default: the number of cores, at most 4); the data does not depend on it. */
  jobs?: number
  log?: (message: string) => void
}

export type GenerateResult = {
  scale: number
  jobs: number
  organisations: number
  structures: number
  offers: number
  candidates: number
  applies: number
  fups: number
  seconds: number
}

/** Fixed rather than now(), so that the data (dates included) does not depend on the day of the run. */
export const ANCHOR = '2026-11-01T00:00:00Z'

const ORGANISATIONS = [
  'Département de Seine-Maritime',
  'Métropole de Lyon',
  'Département du Nord',
  'Département de la Gironde',
  'Mission locale de Rennes',
]
/** Cumulative percentages of candidates per organisation: one big tenant, as in production. */
const ORG_WEIGHTS = [40, 65, 80, 92]
const USERS_PER_ORG = 40
const PLACES = [
  'Rouen',
  'Le Havre',
  'Dieppe',
  'Elbeuf',
  'Fécamp',
  'Évreux',
  'Lyon',
  'Villeurbanne',
  'Vénissieux',
  'Lille',
  'Roubaix',
  'Tourcoing',
  'Bordeaux',
  'Mérignac',
  'Pessac',
  'Rennes',
  'Saint-Malo',
  'Vitré',
  'Bernay',
  'Yvetot',
]
/** The postcode of each of PLACES: structures' addresses end with one ('…, 76000 Rouen'), as data·inclusion's do. */
const POSTCODES = [
  '76000',
  '76600',
  '76200',
  '76500',
  '76400',
  '27000',
  '69001',
  '69100',
  '69200',
  '59000',
  '59100',
  '59200',
  '33000',
  '33700',
  '33600',
  '35000',
  '35400',
  '35500',
  '27300',
  '76190',
]
const STATUSES: [string, string][] = [
  ['new', 'Nouveau'],
  ['inProgress', 'En accompagnement'],
  ['waiting', 'En attente'],
  ['training', 'En formation'],
  ['employed', 'En emploi'],
  ['out', 'Sorti du dispositif'],
]
const FEMALE = [
  'Élodie',
  'Sophie',
  'Chloé',
  'Nadia',
  'Inès',
  'Fatou',
  'Léa',
  'Camille',
  'Manon',
  'Émilie',
  'Hélène',
  'Julie',
  'Sarah',
  'Aïcha',
  'Zoé',
  'Céline',
  'Nathalie',
  'Isabelle',
  'Amandine',
  'Océane',
  'Laëtitia',
  'Yasmine',
  'Mélanie',
  'Pauline',
  'Anaïs',
]
const MALE = [
  'Karim',
  'Mamadou',
  'Thomas',
  'Julien',
  'Lucas',
  'Antoine',
  'Jérôme',
  'François',
  'Loïc',
  'Mehdi',
  'Nicolas',
  'Sébastien',
  'Hugo',
  'Romain',
  'Mathieu',
  'Cédric',
  'Youssef',
  'Kévin',
  'Maxime',
  'Grégory',
  'Hervé',
  'Moussa',
  'Benoît',
  'Théo',
  'Noé',
]
const LAST = [
  'Martin',
  'Bernard',
  'Durand',
  'Lefèvre',
  'Girard',
  'Roux',
  'Morel',
  'Fournier',
  'Mercier',
  'Blanc',
  'Benali',
  'Diallo',
  'Haddad',
  'Camara',
  'Petit',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefebvre',
  'Faure',
  'André',
  'Gauthier',
  'Perrin',
  'Robin',
  'Clément',
  'Morin',
  'Nicolas',
  'Henry',
  'Roussel',
  'Mathieu',
  'Gautier',
  'Masson',
  'Marchand',
  'Duval',
  'Denis',
  'Dumont',
  'Lemaire',
  'Noël',
  'Meyer',
  'Dufour',
  'Meunier',
  'Brun',
  'Blanchard',
  'Giraud',
  'Joly',
  'Rivière',
  'Lucas',
  'Brunet',
  'Gaillard',
  'Barbier',
  'Arnaud',
  'Martinez',
  'Gérard',
  'Roche',
  'Renard',
  'Schmitt',
  'Roy',
  'Leroux',
  'Colin',
  'Vidal',
  'Caron',
  'Picard',
  'Roger',
  'Fabre',
  'Aubert',
  'Lemoine',
  'Renaud',
  'Dumas',
  'Lacroix',
  'Olivier',
  'Philippe',
  'Bourgeois',
  'Traoré',
  'Koné',
  'Nguyen',
  'Boucher',
  'Bouvier',
  'Chevalier',
  'Kaci',
  'Ferhat',
  'Pereira',
  'Lopes',
]
const STREETS = [
  'rue de la République',
  'avenue Jean Jaurès',
  'rue Victor Hugo',
  'boulevard Gambetta',
  'place de la Mairie',
  'rue des Écoles',
  'chemin des Prés',
  'rue Pasteur',
  'allée des Tilleuls',
  'quai de Seine',
]
const STRUCTURE_KINDS = ['Mobilité', 'Habitat', 'Santé', 'Insertion', 'Emploi', 'Formation', 'Lien social', 'Budget']
const STRUCTURE_SUFFIXES = ['Solidaire', 'Relais', 'Avenir', 'Partage', 'Plus', 'Ensemble', 'Tremplin']
const OFFER_NAMES = [
  'Permis de conduire solidaire',
  'Location de scooters à 1 €',
  'Garage solidaire',
  'Logement temporaire jeunes actifs',
  'Bilan de santé',
  'Atelier budget',
  'Chantier d’insertion',
  'Aide à la garde d’enfants',
  'Atelier numérique',
  'Accompagnement psychologique',
  'Épicerie solidaire',
  'Cours de français',
]
const OFFER_TAGS = [
  'mobilite',
  'mobilite',
  'mobilite',
  'logement',
  'sante',
  'budget',
  'emploi',
  'famille',
  'numerique',
  'sante',
  'alimentation',
  'langue',
]
const GOALS = [
  'Lever le frein de la mobilité pour accéder à un emploi.',
  'Trouver un logement stable.',
  'Faire le point sur sa santé.',
  'Reprendre confiance et retrouver un rythme.',
  'Gérer son budget.',
]
/** Weighted by repetition: convocations without answer are the common refusal. */
const CAUSES = [
  'noAnswerToConvocations',
  'noAnswerToConvocations',
  'noAnswerToConvocations',
  'beneficiaryRefusal',
  'beneficiaryRefusal',
  'hasJob',
  'hasJob',
  'outsideTerritory',
  'hasMoved',
  'noLongerRsa',
]
const SHARED_DOCUMENTS = 10

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`
const arr = (values: readonly string[]) => `ARRAY[${values.map(lit).join(',')}]::text[]`
/** A uniform pseudo-random integer in [0, 2^31) from an integer expression; salt gives independent draws. */
const h = (x: string, salt: number) => `(hashint8((${x})::bigint * 1000003 + ${salt}) & 2147483647)`
/** SHA-256 of a text in base64url without padding: the shape of a blind index (43 characters). */
const base64url = (x: string) => `rtrim(translate(encode(sha256(convert_to(${x}, 'UTF8')), 'base64'), '+/', '-_'), '=')`
/**
 * The NIR as the app stores it (lib/crypto/nir-cipher.ts: `v1:<key id>:<iv>:<tag>:<ciphertext>`), same shape and
 * length, under a key id no server has: SQL cannot encrypt with AES-GCM, and nothing in the bench reveals a NIR.
 */
const fakeEncryptedNir = (x: string) =>
  `CASE WHEN ${x} IS NULL THEN NULL ELSE 'v1:benchkey:' || left(${base64url(`'iv' || ${x}`)}, 16) || ':' || left(${base64url(`'tag' || ${x}`)}, 22) || ':' || left(${base64url(`'body' || ${x}`)}, 20) END`
const pick = (values: readonly string[], x: string, salt: number) =>
  `(${arr(values)})[1 + ${h(x, salt)} % ${values.length}]`
const KINDS = {
  org: 1,
  place: 2,
  status: 3,
  structure: 4,
  doc: 5,
  offer: 6,
  cand: 7,
  apply: 8,
  enterprise: 9,
  job: 10,
  placement: 11,
  workshop: 12,
  course: 13,
  step: 14,
  enrolment: 15,
} as const
/**
 * A version-4-shaped uuid, RRRRRRRR-RRRR-4000-8XXX-XXXXXXXXXXXX: 48 hashed bits first, so that inserts scatter over
 * the primary-key index as gen_random_uuid() ones do, then the index itself, which keeps ids unique. Cheaper than md5.
 */
const id = (kind: keyof typeof KINDS, x: string) =>
  `(lpad(to_hex(hashint8extended((${x})::bigint, ${KINDS[kind]}) & 281474976710655), 12, '0') || '40008' || lpad(to_hex((${x})::bigint), 15, '0'))::uuid`
/** Candidate index → organisation number (1-based); the applies recompute it instead of joining. */
const orgOf = (c: string) =>
  `(CASE ${ORG_WEIGHTS.map((w, i) => `WHEN ${h(c, 1)} % 100 < ${w} THEN ${i + 1}`).join(' ')} ELSE ${ORGANISATIONS.length} END)`
const structureName = (j: string) =>
  `${pick(STRUCTURE_KINDS, j, 30)} || ' ' || ${pick(STRUCTURE_SUFFIXES, j, 31)} || ' ' || ((${j}) + 1)`
const anchor = `'${ANCHOR}'::timestamptz`

/** Nothing here needs durability before the end; bigger sort memory speeds up the index rebuilds. */
const SESSION = `SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '64MB'`

/** Runs the statements on up to `jobs` connections at once, each taking the next one when done; returns the rows written. */
async function concurrently(pool: Pool, jobs: number, statements: string[]): Promise<number> {
  let next = 0
  let rows = 0
  await Promise.all(
    Array.from({ length: Math.min(jobs, statements.length) }, async () => {
      const client = await pool.connect()
      try {
        await client.query(SESSION)
        while (next < statements.length) {
          const { rowCount } = await client.query(statements[next++]!)
          rows += rowCount ?? 0
        }
      } finally {
        client.release()
      }
    }),
  )
  return rows
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

/**
 * Bulk loads run much faster without per-row index upkeep and foreign-key triggers: drop the loaded tables' secondary
 * indexes and foreign keys (keeping primary keys and unique constraints), load, then rebuild them from their saved
 * definitions. Re-adding a foreign key validates every row in one pass, so the data must still satisfy it.
 */
async function withDeferredIndexes(
  pool: Pool,
  jobs: number,
  tables: string[],
  log: (m: string) => void,
  load: () => Promise<void>,
) {
  const { rows: indexes } = await pool.query<{ name: string; def: string }>(
    `
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = ANY($1::regclass[]) AND NOT i.indisprimary AND NOT i.indisunique
    ORDER BY am.amname = 'gin' DESC, 1`,
    [tables],
  ) // the trigram index, the slowest build, first: the jobs finish together
  const { rows: foreignKeys } = await pool.query<{ name: string; tbl: string; def: string }>(
    `
    SELECT conname AS name, conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS def
    FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY($1::regclass[]) ORDER BY 1`,
    [tables],
  )
  for (const fk of foreignKeys) await pool.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT "${fk.name}"`)
  for (const index of indexes) await pool.query(`DROP INDEX ${index.name}`)
  await load()
  let t = performance.now()
  await concurrently(
    pool,
    jobs,
    indexes.map((index) => index.def),
  )
  log(`rebuilt ${indexes.length} indexes in ${seconds(t)}`)
  t = performance.now()
  await concurrently(
    pool,
    jobs,
    foreignKeys.map((fk) => `ALTER TABLE ${fk.tbl} ADD CONSTRAINT "${fk.name}" ${fk.def}`),
  )
  log(`validated ${foreignKeys.length} foreign keys in ${seconds(t)}`)
}

export function sizes(scale: number) {
  return {
    structures: Math.max(5, Math.round(500 * scale)),
    offers: Math.max(10, Math.round(5000 * scale)),
    candidates: Math.max(100, Math.round(200_000 * scale)),
    applies: Math.max(500, Math.round(1_000_000 * scale)),
    // The directory (a multiple of 10: the last digit of an index says its organisation).
    enterprises: Math.max(100, Math.round(2000 * scale) * 10),
    jobOffers: Math.max(200, Math.round(5000 * scale) * 10),
    placements: Math.max(1000, Math.round(300_000 * scale)),
    // Workshops and courses (multiples of 10, as above).
    workshops: Math.max(100, Math.round(2000 * scale) * 10),
    registrations: Math.max(1000, Math.round(400_000 * scale)),
    courses: Math.max(10, Math.round(50 * scale) * 10),
    enrolments: Math.max(1000, Math.round(200_000 * scale)),
  }
}

export async function generate(pool: Pool, options: GenerateOptions): Promise<GenerateResult> {
  const { scale, log = () => {} } = options
  const jobs = options.jobs ?? Math.min(4, os.availableParallelism())
  const n = sizes(scale)
  const started = performance.now()
  /** A statement, or a statement per job for the big tables: `part(total)` gives the job's slice of 0..total-1. */
  const step = async (label: string, sql: string | ((part: (total: number) => string, job: number) => string)) => {
    const t = performance.now()
    const statements =
      typeof sql === 'string'
        ? [sql]
        : Array.from({ length: jobs }, (_, job) =>
            sql(
              (total) =>
                `generate_series(${Math.floor((total * job) / jobs)}, ${Math.floor((total * (job + 1)) / jobs) - 1})`,
              job,
            ),
          )
    log(`${label}: ${await concurrently(pool, jobs, statements)} rows in ${seconds(t)}`)
  }

  await step(
    'organisations',
    `
    INSERT INTO organisations (id, name, created_at)
    SELECT ${id('org', 'o')}, (${arr(ORGANISATIONS)})[o], ${anchor} - interval '3 years'
    FROM generate_series(1, ${ORGANISATIONS.length}) o`,
  )

  await step(
    'places',
    `
    INSERT INTO places (id, organisation_id, label)
    SELECT ${id('place', 'o * 100 + k')}, ${id('org', 'o')}, (${arr(PLACES)})[k]
    FROM generate_series(1, ${ORGANISATIONS.length}) o, generate_series(1, ${PLACES.length}) k`,
  )

  await step(
    'candidate statuses',
    `
    INSERT INTO candidate_statuses (id, organisation_id, value, label, position)
    SELECT ${id('status', 'o * 100 + k')}, ${id('org', 'o')}, (${arr(STATUSES.map((s) => s[0]))})[k], (${arr(STATUSES.map((s) => s[1]))})[k], k - 1
    FROM generate_series(1, ${ORGANISATIONS.length}) o, generate_series(1, ${STATUSES.length}) k`,
  )

  await step(
    'partner structures',
    `
    INSERT INTO partner_structures (id, organisation_id, name, address_formatted, phone, email, website, created_at)
    SELECT ${id('structure', 'j')}, CASE WHEN j % 10 = 9 THEN NULL ELSE ${id('org', `j % ${ORGANISATIONS.length} + 1`)} END,
      ${structureName('j')}, (1 + ${h('j', 32)} % 150) || ' ' || ${pick(STREETS, 'j', 33)} || ', ' || ${pick(POSTCODES, 'j', 34)} || ' ' || ${pick(PLACES, 'j', 34)},
      '02' || lpad((${h('j', 35)} % 100000000)::text, 8, '0'), 'contact' || j || '@structure.test', 'https://structure' || j || '.test',
      ${anchor} - interval '3 years'
    FROM generate_series(0, ${n.structures - 1}) j`,
  )

  // Each organisation works with the structures it registered.
  await step(
    'partner links',
    `
    INSERT INTO organisation_partner_structures (organisation_id, structure_id, created_at)
    SELECT organisation_id, id, created_at FROM partner_structures WHERE organisation_id IS NOT NULL`,
  )

  // Organisation users: u0 is the admin, u1–u30 referents, the rest counsellors; then one partner per structure.
  await step(
    'users',
    `
    INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, phone, role, organisation_id, structure_id, created_at, updated_at, onboarded_at, terms_version)
    SELECT uid, fn || ' ' || ln, email, true, fn, ln, '06' || lpad((${h('seq', 40)} % 100000000)::text, 8, '0'), role, org, structure,
      ${anchor} - interval '3 years', ${anchor} - interval '3 years', ${anchor} - interval '3 years', '${TERMS_VERSION}'
    FROM (
      SELECT 'bench-o' || o || '-u' || k AS uid, 'o' || o || '.u' || k || '@bench.passerelle.test' AS email, o * 1000 + k AS seq,
        CASE WHEN k = 0 THEN 'admin' WHEN k <= 30 THEN 'referent' ELSE 'counsellor' END AS role, ${id('org', 'o')} AS org, NULL::uuid AS structure,
        ${pick(FEMALE, 'o * 1000 + k', 41)} AS fn, ${pick(LAST, 'o * 1000 + k', 42)} AS ln
      FROM generate_series(1, ${ORGANISATIONS.length}) o, generate_series(0, ${USERS_PER_ORG - 1}) k
      UNION ALL
      SELECT 'bench-s' || j, 's' || j || '@bench.passerelle.test', 100000 + j, 'fullPartner', NULL, ${id('structure', 'j')},
        ${pick(MALE, '100000 + j', 41)}, ${pick(LAST, '100000 + j', 42)}
      FROM generate_series(0, ${n.structures - 1}) j
    ) u`,
  )

  await step(
    'documents',
    `
    INSERT INTO documents (id, name, mime_type, content, created_at)
    SELECT ${id('doc', 'd')}, 'Fiche.pdf', 'application/pdf', convert_to('%PDF-1.4 bench ' || d, 'UTF8'), ${anchor} - interval '2 years'
    FROM generate_series(0, ${SHARED_DOCUMENTS - 1}) d`,
  )

  await step(
    'social offers',
    `
    INSERT INTO social_offers (id, structure_id, offer_id, name, source, description, service_start_date, service_end_date, tags, financing_modes,
      provider_name, provider_website, address_formatted, contact_name, contact_phone, contact_mail, created_at, updated_at)
    SELECT ${id('offer', 'j')}, s.id, 'bench-' || j, ${pick(OFFER_NAMES, 'j', 50)} || ' ' || (j + 1),
      CASE WHEN ${h('j', 51)} % 10 < 7 THEN 'passerelle' ELSE 'dora' END,
      '<p>Une offre d’accompagnement proposée par ' || s.name || '.</p>',
      start, CASE WHEN ${h('j', 52)} % 5 = 0 THEN NULL ELSE start + (365 + ${h('j', 53)} % 1100) END,
      ARRAY[${pick(OFFER_TAGS, 'j', 50)}], CASE WHEN j % 3 = 0 THEN ARRAY['fse','departement'] ELSE ARRAY['etat'] END,
      s.name, s.website, s.address_formatted, 'Contact ' || (j + 1), s.phone, 'offre' || j || '@structure.test',
      start::timestamptz, start::timestamptz
    FROM (SELECT j, (${anchor} - (${h('j', 54)} % 1000) * interval '1 day')::date AS start FROM generate_series(0, ${n.offers - 1}) j) g
    JOIN partner_structures s ON s.id = ${id('structure', `j % ${n.structures}`)}`,
  )

  await withDeferredIndexes(pool, jobs, ['candidates', 'social_applies', 'fups'], log, async () => {
    // The candidates' counters (drizzle/0037) are filled once after the load rather than by the row trigger.
    await pool.query('ALTER TABLE candidates DISABLE TRIGGER candidates_counts')
    await step(
      'candidates',
      (part) => `
      INSERT INTO candidates (id, organisation_id, first_name, last_name, gender, birth_date, address_formatted, address_is_qpv, phone, email,
        nir_encrypted, nir_blind_index, nir_prefix, caf_number, pole_emploi_number, place_id, status_id, referent_id, custom_fields, created_at, updated_at)
      SELECT ${id('cand', 'i')}, ${id('org', 'o')}, fn, ln, CASE WHEN female THEN 'F' ELSE 'M' END::gender,
        '1960-01-01'::date + ${h('i', 6)} % 14600,
        (1 + ${h('i', 7)} % 200) || ' ' || ${pick(STREETS, 'i', 8)} || ', ' || place, ${h('i', 9)} % 10 < 2,
        CASE WHEN ${h('i', 10)} % 10 = 0 THEN NULL ELSE '0' || (6 + ${h('i', 11)} % 2) || lpad((${h('i', 12)} % 100000000)::text, 8, '0') END,
        CASE WHEN ${h('i', 13)} % 5 = 0 THEN NULL ELSE passerelle_unaccent(lower(fn || '.' || ln)) || i || '@exemple.test' END,
        ${fakeEncryptedNir('nir')}, ${base64url('nir')}, left(nir, 5),
        CASE WHEN ${h('i', 16)} % 5 < 3 THEN lpad((${h('i', 17)} % 10000000)::text, 7, '0') END,
        CASE WHEN ${h('i', 18)} % 2 = 0 THEN lpad((${h('i', 19)} % 10000000)::text, 7, '0') || 'X' END,
        ${id('place', 'o * 100 + place_k')}, ${id('status', `o * 100 + 1 + ${h('i', 20)} % ${STATUSES.length}`)},
        CASE WHEN ${h('i', 21)} % 100 < 15 THEN NULL ELSE 'bench-o' || o || '-u' || (1 + ${h('i', 22)} % 30) END,
        jsonb_build_object('drivingLicence', ${h('i', 23)} % 3 = 0), created, created
      FROM (
        SELECT i, o, female, place_k, (${arr(PLACES)})[place_k] AS place, ${anchor} - (${h('i', 24)} % (3 * 365 * 86400)) * interval '1 second' AS created,
          CASE WHEN female THEN ${pick(FEMALE, 'i', 4)} ELSE ${pick(MALE, 'i', 4)} END AS fn, ${pick(LAST, 'i', 5)} AS ln,
          CASE WHEN ${h('i', 14)} % 2 = 0 THEN NULL ELSE (CASE WHEN female THEN '2' ELSE '1' END) || lpad(${h('i', 15)}::text, 10, '0') || lpad((${h('i', 25)} % 10000)::text, 4, '0') END AS nir
        FROM (SELECT i, ${orgOf('i')} AS o, ${h('i', 3)} % 2 = 0 AS female, 1 + ${h('i', 2)} % ${PLACES.length} AS place_k
              FROM ${part(n.candidates)} i) g0
      ) g`,
    )

    // Offers get a skewed share (offer index = n·u²): the top offer holds ~1/√n of the applies, like a flagship offer.
    // The more recent a prescription, the likelier it still waits for an answer; old answered ones are often archived.
    // The copies of the candidate's place and status (drizzle/0007) are computed here, with the candidates' own
    // formulas, instead of by the row trigger (one lookup per row); checked against the candidates after the load.
    await pool.query('ALTER TABLE candidates ENABLE TRIGGER candidates_counts')
    await pool.query(`INSERT INTO candidate_counts (organisation_id, key, n)
      SELECT c.organisation_id, k, count(*)::integer FROM candidates c, unnest(passerelle_candidate_count_keys(c.status_id, c.place_id, c.custom_fields)) k GROUP BY 1, 2`)
    await pool.query('ALTER TABLE social_applies DISABLE TRIGGER social_applies_candidate_filters')
    // The offers' tab counters (drizzle/0035) are computed once after the load rather than by the row trigger.
    await pool.query('ALTER TABLE social_applies DISABLE TRIGGER social_applies_tab_counts')
    // So are the statistics' monthly counters (drizzle/0016): a million deltas left to the every-minute fold would make
    // every page that reads them measure the backlog, not the steady state.
    await pool.query('ALTER TABLE social_applies DISABLE TRIGGER social_applies_stats')
    await step(
      'social applies',
      (part) => `
      INSERT INTO social_applies (id, organisation_id, structure_id, social_offer_id, candidate_id, state, archived, archived_at,
        prescription_document_id, prescription_date, response_date, first_reception_date, assessment_date, cause, author_id, accompaniement,
        created_at, updated_at, candidate_place_id, candidate_status_id)
      SELECT ${id('apply', 'i')}, ${id('org', 'o')}, ${id('structure', `f % ${n.structures}`)}, ${id('offer', 'f')}, ${id('cand', 'c')},
        state::apply_state, archived, CASE WHEN archived THEN prescribed + interval '120 days' END,
        CASE WHEN ${h('i', 70)} % 10 = 0 THEN NULL ELSE ${id('doc', `${h('i', 71)} % ${SHARED_DOCUMENTS}`)} END,
        prescribed, responded,
        CASE WHEN state = 'INTEGRATED_CANDIDATE' THEN (responded + interval '7 days')::date END,
        CASE WHEN state = 'INTEGRATED_CANDIDATE' AND age_days > 180 THEN (responded + interval '97 days')::date END,
        CASE WHEN state = 'REFUSED_STRUCTURE' THEN ${pick(CAUSES, 'i', 72)} END,
        'bench-o' || o || '-u' || (1 + ${h('i', 73)} % ${USERS_PER_ORG - 1}),
        CASE WHEN ${h('i', 74)} % 10 < 7 THEN ${structureName(`f % ${n.structures}`)} END,
        prescribed, coalesce(responded, prescribed),
        ${id('place', `o * 100 + 1 + ${h('c', 2)} % ${PLACES.length}`)}, ${id('status', `o * 100 + 1 + ${h('c', 20)} % ${STATUSES.length}`)}
      FROM (
        SELECT *, CASE WHEN state <> 'PRESCRIPTION_FILLED' THEN prescribed + (1 + ${h('i', 75)} % 45) * interval '1 day' END AS responded,
          (age_days > 365 AND ${h('i', 76)} % 100 < 70) OR (age_days > 120 AND state <> 'PRESCRIPTION_FILLED' AND ${h('i', 76)} % 100 < 25) AS archived
        FROM (
          SELECT i, f, c, ${orgOf('c')} AS o, ${anchor} - secs * interval '1 second' AS prescribed, secs / 86400 AS age_days,
            CASE
              WHEN secs / 86400 < 30 THEN CASE WHEN r < 75 THEN 'PRESCRIPTION_FILLED' WHEN r < 90 THEN 'INTEGRATED_CANDIDATE' ELSE 'REFUSED_STRUCTURE' END
              WHEN secs / 86400 < 180 THEN CASE WHEN r < 30 THEN 'PRESCRIPTION_FILLED' WHEN r < 70 THEN 'INTEGRATED_CANDIDATE' ELSE 'REFUSED_STRUCTURE' END
              ELSE CASE WHEN r < 8 THEN 'PRESCRIPTION_FILLED' WHEN r < 60 THEN 'INTEGRATED_CANDIDATE' ELSE 'REFUSED_STRUCTURE' END
            END AS state
          FROM (
            SELECT i, floor(${n.offers} * power(${h('i', 60)} / 2147483648.0, 2))::int AS f, ${h('i', 61)} % ${n.candidates} AS c,
              ${h('i', 62)} % (730 * 86400) AS secs, ${h('i', 63)} % 100 AS r
            FROM ${part(n.applies)} i
          ) g0
        ) g1
      ) g`,
    )

    // The hourly job's steady state (lib/prescriptions/reminders.ts) at the time of the load, with the organisations'
    // delays: a pending prescription past the reminder delay was reminded then, one past the expiry delay expired then.
    // Left pending, the run's first :05 would remind and expire a hundred thousand of them at once (a catch-up, mails
    // queued by the tens of thousands, one count delta pair each) in the middle of whichever pages are measured.
    log(
      `steady state of the reminders and expiries: ${await pool
        .query(
          `WITH due AS (
             SELECT a.id, a.prescription_date + make_interval(days => o.answer_reminder_days) AS reminded,
               CASE WHEN a.prescription_date < now() - make_interval(days => o.prescription_expiry_days)
                 THEN a.prescription_date + make_interval(days => o.prescription_expiry_days) END AS expired
             FROM social_applies a JOIN organisations o ON o.id = a.organisation_id
             WHERE a.state = 'PRESCRIPTION_FILLED' AND NOT a.archived
               AND a.prescription_date < now() - make_interval(days => o.answer_reminder_days))
           UPDATE social_applies a
           SET reminded_at = CASE WHEN a.prescription_document_id IS NOT NULL THEN due.reminded END,
             state = CASE WHEN due.expired IS NULL THEN a.state ELSE 'EXPIRED' END,
             expired_at = due.expired, updated_at = coalesce(due.expired, due.reminded)
           FROM due WHERE a.id = due.id`,
        )
        .then((r) => r.rowCount)} prescriptions`,
    )

    await pool.query('ALTER TABLE social_applies ENABLE TRIGGER social_applies_candidate_filters')
    await pool.query('ALTER TABLE social_applies ENABLE TRIGGER social_applies_tab_counts')
    await pool.query(`INSERT INTO social_apply_counts (social_offer_id, structure_id, organisation_id, state, n)
      SELECT social_offer_id, structure_id, organisation_id, state, count(*)::integer FROM social_applies WHERE NOT archived GROUP BY 1, 2, 3, 4`)
    await pool.query(`INSERT INTO organisation_apply_counts (organisation_id, state, n)
      SELECT organisation_id, state, sum(n)::integer FROM social_apply_counts GROUP BY 1, 2`)
    await pool.query('ALTER TABLE social_applies ENABLE TRIGGER social_applies_stats')
    await pool.query(`INSERT INTO stats_apply_months (organisation_id, month, structure_id, state, cause, response_days, n)
      SELECT organisation_id, passerelle_stats_month(prescription_date), structure_id, state, coalesce(cause, ''),
             passerelle_stats_response_days(state, prescription_date, response_date), count(*)::integer
      FROM social_applies GROUP BY 1, 2, 3, 4, 5, 6`)
    await pool.query(`INSERT INTO stats_apply_org_months (organisation_id, month, state, cause, n)
      SELECT organisation_id, month, state, cause, sum(n)::integer FROM stats_apply_months GROUP BY 1, 2, 3, 4`)

    // FUPs mirror what the prescription form stores: the candidate's snapshot, the referent, and the partner's answer.
    // Manual prescriptions (no sheet, 1 in 10) have none, as in the demo seed.
    const iso = (ts: string) => `to_char(${ts} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    const convocation = (days: number, reason: string) =>
      `CASE WHEN a.cause = 'noAnswerToConvocations' THEN jsonb_build_object('date', (a.prescription_date + interval '${days} days')::date, 'reason', '${reason}') END`
    await step(
      'fups',
      (_, job) => `
      INSERT INTO fups (id, social_apply_id, name, beneficiary, prescription, partner_feedback, sponsors_logo, created_at, updated_at)
      SELECT overlay(a.id::text PLACING '4f00' FROM 15)::uuid, a.id, 'Fiche de prescription',
        jsonb_build_object('gender', c.gender, 'birthDate', c.birth_date,
          'address', CASE WHEN c.address_formatted IS NOT NULL THEN jsonb_build_object('formatted', c.address_formatted, 'isQPV', c.address_is_qpv) END,
          'phone', c.phone, 'email', c.email, 'socialSecurityNumber', NULL, 'cafNumber', c.caf_number, 'poleEmploiNumber', c.pole_emploi_number,
          'additionalFields', '[]'::jsonb),
        jsonb_build_object('rsaReferentName', u.name, 'email', u.email, 'phone', u.phone, 'structure', o.name, 'address', 'Hôtel du Département',
          'goal', (${arr(GOALS)})[1 + (hashtext(a.id::text) & 2147483647) % ${GOALS.length}], 'validatePrescription', true, 'approveDemand', true,
          'prescriptionDate', ${iso('a.prescription_date')}),
        CASE WHEN a.state IN ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE') THEN jsonb_build_object('accompanierName', coalesce(a.accompaniement, s.name), 'name', s.name,
          'email', s.email, 'phone', s.phone, 'address', s.address_formatted,
          'decision', jsonb_build_object('partnerDecision', CASE WHEN a.state = 'INTEGRATED_CANDIDATE' THEN 'integrated' ELSE 'notIntegrated' END,
            'cause', a.cause, 'firstReceptionDate', a.first_reception_date, 'assessmentDate', a.assessment_date,
            'firstConvocation', ${convocation(10, 'unexcusedAbsence')}, 'secondConvocation', ${convocation(17, 'unexcusedAbsence')},
            'thirdConvocation', ${convocation(24, 'excusedAbsence')})) END,
        '[]'::jsonb, a.prescription_date, a.updated_at
      FROM social_applies a
      JOIN candidates c ON c.id = a.candidate_id
      JOIN "user" u ON u.id = a.author_id
      JOIN organisations o ON o.id = a.organisation_id
      JOIN partner_structures s ON s.id = a.structure_id
      WHERE a.prescription_document_id IS NOT NULL AND get_byte(uuid_send(a.id), 0) % ${jobs} = ${job}`,
    )
  })

  await generateDirectory(step, n)
  await generateWorkshopsAndCourses(step, n)
  await generateSmsHistory(step, n)

  // VACUUM as well as ANALYZE: production tables are vacuumed (hint bits, visibility map for index-only scans), and
  // autovacuum must not wake up in the middle of the measurements.
  const t = performance.now()
  const {
    rows: [drift],
  } = await pool.query<{
    n: number
  }>(`SELECT count(*)::int AS n FROM social_applies a JOIN candidates c ON c.id = a.candidate_id
    WHERE a.candidate_place_id IS DISTINCT FROM c.place_id OR a.candidate_status_id IS DISTINCT FROM c.status_id`)
  if (drift!.n > 0) throw new Error(`${drift!.n} applies carry a place or status other than their candidate's`)
  const vacuumed = [
    'social_applies',
    'sms_messages',
    'fups',
    'candidates',
    'job_placements',
    'job_offers',
    'enterprises',
    'workshop_registrations',
    'support_course_enrolments',
  ]
  await concurrently(pool, jobs, [...vacuumed.map((table) => `VACUUM (ANALYZE) ${table}`), 'ANALYZE'])
  // A VACUUM side by side with the others has left a table without its visibility map (support_course_enrolments:
  // 0 of 3 371 pages all-visible, every count of the courses' list read the heap, 18 ms instead of 3): such a table is
  // vacuumed (again) alone, as autovacuum would have done it in production.
  // Every table the generator wrote after its insert (the workshops' counters, the statistics' rollups…) too: without
  // its visibility map an index-only scan reads the heap (the statistics' attendance of the month: 968 heap pages, 3.5
  // ms instead of 0.4).
  const { rows: unset } = await pool.query<{ table: string }>(
    `SELECT relname AS table FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relpages > 0
       AND relallvisible < 0.9 * relpages`,
  )
  for (const { table } of unset) await pool.query(`VACUUM "${table}"`)
  log(
    `vacuum analyze: ${seconds(t)}${unset.length ? ` (vacuumed again alone: ${unset.map((u) => u.table).join(', ')})` : ''}`,
  )

  const { rows } = await pool.query<Record<string, number>>(`
    SELECT (SELECT count(*)::int FROM organisations) AS organisations, (SELECT count(*)::int FROM partner_structures) AS structures,
      (SELECT count(*)::int FROM social_offers) AS offers, (SELECT count(*)::int FROM candidates) AS candidates,
      (SELECT count(*)::int FROM social_applies) AS applies, (SELECT count(*)::int FROM fups) AS fups`)
  const counts = rows[0]!
  return {
    scale,
    jobs,
    organisations: counts.organisations!,
    structures: counts.structures!,
    offers: counts.offers!,
    candidates: counts.candidates!,
    applies: counts.applies!,
    fups: counts.fups!,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  }
}

const ENTERPRISE_KINDS = [
  'Boulangerie',
  'Transports',
  'Menuiserie',
  'Garage',
  'EHPAD',
  'Restaurant',
  'Nettoyage',
  'Logistique',
  'Espaces verts',
  'Supermarché',
  'Bâtiment',
  'Imprimerie',
]
const JOB_TITLES = [
  'Vendeur en boulangerie',
  'Chauffeur livreur',
  'Aide menuisier',
  'Mécanicien automobile',
  'Agent de service hospitalier',
  'Commis de cuisine',
  'Agent d’entretien',
  'Préparateur de commandes',
  'Jardinier paysagiste',
  'Employé de libre-service',
  'Maçon',
  'Opérateur de production',
]
const ROME = [
  'D1102',
  'N4105',
  'H2206',
  'I1604',
  'J1301',
  'G1602',
  'K2204',
  'N1103',
  'A1203',
  'D1507',
  'F1703',
  'H2102',
]
const CONTRACTS = ['cdi', 'cdd', 'cdd', 'interim', 'interim', 'alternance', 'iae', 'stage']
/** Placement statuses weighted by repetition. */
const PLACEMENT_STATUSES = [
  'proposed',
  'proposed',
  'proposed',
  'proposed',
  'interview',
  'interview',
  'refused',
  'refused',
  'refused',
  'abandoned',
]
/** An index's organisation by its last digit: 0–7 the big tenant, 8 the second, 9 the third (the directory's skew). */
const directoryOrg = (x: string) => `(CASE WHEN (${x}) % 10 < 8 THEN 1 WHEN (${x}) % 10 = 8 THEN 2 ELSE 3 END)`

/**
 * The directory: enterprises (with a contact), job offers of their organisation's enterprises, and placements
 * of each organisation's candidates on its own offers (unique per candidate and offer; a few hires, counted back on
 * the offers). Most of it in the big organisation, as the dashboards' worst case.
 */
async function generateDirectory(
  step: (label: string, sql: string | ((part: (total: number) => string, job: number) => string)) => Promise<void>,
  n: ReturnType<typeof sizes>,
) {
  await step(
    'enterprises',
    (part) => `
    INSERT INTO enterprises (id, organisation_id, name, siret, naf_code, address_formatted, notes, created_at, updated_at)
    SELECT ${id('enterprise', 'e')}, ${id('org', directoryOrg('e'))}, ${pick(ENTERPRISE_KINDS, 'e', 100)} || ' ' || ${pick(LAST, 'e', 101)} || ' ' || e,
      CASE WHEN ${h('e', 102)} % 10 < 8 THEN lpad(e::text, 13, '0') || '0' END, lpad((${h('e', 103)} % 99)::text, 2, '0') || '.' || lpad((${h('e', 104)} % 99)::text, 2, '0') || 'Z',
      (1 + ${h('e', 105)} % 150) || ' ' || ${pick(STREETS, 'e', 106)} || ', ' || ${pick(PLACES, 'e', 107)}, '', ${anchor} - (${h('e', 108)} % 1000) * interval '1 day', ${anchor}
    FROM ${part(n.enterprises)} e`,
  )
  await step(
    'enterprise contacts',
    (part) => `
    INSERT INTO enterprise_contacts (enterprise_id, name, role, phone, email, position)
    SELECT ${id('enterprise', 'e')}, ${pick(FEMALE, 'e', 110)} || ' ' || ${pick(LAST, 'e', 111)}, 'Responsable RH', '02' || lpad((${h('e', 112)} % 100000000)::text, 8, '0'), 'rh' || e || '@entreprise.test', 0
    FROM ${part(n.enterprises)} e`,
  )
  // The enterprises' counters (drizzle/0025) are computed once after the load rather than by the row trigger: the
  // parallel jobs would update the same enterprises in different orders.
  await step('pause counters trigger', 'ALTER TABLE job_offers DISABLE TRIGGER job_offers_enterprise_counts')
  await step(
    'job offers',
    (part) => `
    INSERT INTO job_offers (id, organisation_id, enterprise_id, title, rome_code, contract_type, working_time, place_id, address_formatted, start_date,
      positions, salary_min, salary_max, description, status, valid_from, valid_until, created_at, updated_at)
    SELECT ${id('job', 'j')}, ${id('org', 'o')}, ${id('enterprise', `10 * (${h('j', 120)} % ${n.enterprises / 10}) + j % 10`)}, (${arr(JOB_TITLES)})[t], (${arr(ROME)})[t],
      ${pick(CONTRACTS, 'j', 122)}, 'full', ${id('place', `o * 100 + 1 + ${h('j', 123)} % ${PLACES.length}`)}, (${arr(PLACES)})[1 + ${h('j', 123)} % ${PLACES.length}],
      (${anchor} + (${h('j', 124)} % 120 - 60) * interval '1 day')::date, 1 + ${h('j', 125)} % 3, 1500 + ${h('j', 126)} % 500, 2000 + ${h('j', 127)} % 800,
      '<p>Poste à pourvoir.</p>', CASE WHEN ${h('j', 128)} % 10 = 0 THEN 'closed' ELSE 'open' END::job_offer_status,
      (${anchor} - (${h('j', 129)} % 400) * interval '1 day')::date, (${anchor} + (${h('j', 130)} % 400 - 100) * interval '1 day')::date,
      ${anchor} - (${h('j', 131)} % 1000) * interval '1 day', ${anchor}
    FROM (SELECT j, ${directoryOrg('j')} AS o, 1 + ${h('j', 121)} % ${JOB_TITLES.length} AS t FROM ${part(n.jobOffers)} j) g`,
  )
  // Each candidate of the three organisations draws up to 3 offers of its own organisation; the share kept makes ~n.placements.
  const perCandidate = 3
  const keep = Math.min(100, Math.ceil((n.placements / (n.candidates * 0.8 * perCandidate)) * 100))
  await step(
    'job placements',
    (part) => `
    INSERT INTO job_placements (id, organisation_id, job_offer_id, candidate_id, status, reason, created_at, updated_at)
    SELECT ${id('placement', `c * ${perCandidate} + k`)}, ${id('org', 'o')}, ${id('job', `10 * (${h(`c * ${perCandidate} + k`, 140)} % ${n.jobOffers / 10}) + (CASE o WHEN 1 THEN ${h(`c * ${perCandidate} + k`, 141)} % 8 WHEN 2 THEN 8 ELSE 9 END)`)},
      ${id('cand', 'c')}, st::placement_status, CASE WHEN st IN ('refused', 'abandoned') THEN 'Ne correspond pas au poste' END,
      ${anchor} - (${h(`c * ${perCandidate} + k`, 143)} % 300) * interval '1 day', ${anchor}
    FROM (SELECT c, k, ${orgOf('c')} AS o, ${pick(PLACEMENT_STATUSES, `c * ${perCandidate} + k`, 142)} AS st FROM ${part(n.candidates)} c, generate_series(0, ${perCandidate - 1}) k) g
    WHERE o <= 3 AND ${h(`c * ${perCandidate} + k`, 144)} % 100 < ${keep}
    ON CONFLICT DO NOTHING`,
  )
  // A few hires, within each offer's positions, counted back on the offers.
  await step(
    'hires',
    `
    WITH ranked AS (
      SELECT p.id, row_number() OVER (PARTITION BY p.job_offer_id ORDER BY p.id) AS r, j.positions
      FROM job_placements p JOIN job_offers j ON j.id = p.job_offer_id WHERE p.status = 'proposed'
    ), hired AS (
      UPDATE job_placements p SET status = 'hired', reason = NULL FROM ranked q
      WHERE q.id = p.id AND q.r <= q.positions AND ${h('hashtext(p.id::text)', 150)} % 10 = 0
      RETURNING p.job_offer_id
    )
    UPDATE job_offers j SET positions_filled = h.n, status = CASE WHEN h.n >= j.positions THEN 'filled' ELSE j.status END
    FROM (SELECT job_offer_id, count(*)::int AS n FROM hired GROUP BY 1) h WHERE h.job_offer_id = j.id`,
  )
  await step(
    'enterprise counters',
    `
    UPDATE enterprises e SET offers_count = c.offers, open_offers_count = c.open, hired_count = c.hired
    FROM (SELECT enterprise_id, count(*)::int AS offers, count(*) FILTER (WHERE status = 'open')::int AS open, sum(positions_filled)::int AS hired
          FROM job_offers WHERE enterprise_id IS NOT NULL GROUP BY 1) c
    WHERE c.enterprise_id = e.id`,
  )
  await step('resume counters trigger', 'ALTER TABLE job_offers ENABLE TRIGGER job_offers_enterprise_counts')
  await step(
    'job placement events',
    `INSERT INTO job_placement_events (placement_id, status, reason, at) SELECT id, status, reason, created_at FROM job_placements`,
  )
}

const WORKSHOP_TITLES = [
  'Préparer un entretien',
  'Atelier CV',
  'Créer sa messagerie',
  'Gérer son budget',
  'Code de la route',
  'Se présenter en 2 minutes',
  'Découvrir les métiers du soin',
  'Démarches en ligne',
]
const WORKSHOP_THEMES = ['Emploi', 'Emploi', 'Numérique', 'Budget', 'Mobilité', 'Emploi', 'Formation', 'Numérique']

/**
 * Two years of SMS: about one outbound message per candidate (none, one or two: convocations, reminders, a
 * counsellor's), most delivered, some undelivered or failed, and a reply to one in twenty. The statistics' monthly SMS
 * counters (drizzle/0077) are summed once after them, as the trigger would have kept them.
 */
async function generateSmsHistory(
  step: (label: string, sql: string | ((part: (total: number) => string, job: number) => string)) => Promise<void>,
  n: ReturnType<typeof sizes>,
) {
  await step('pause SMS statistics trigger', 'ALTER TABLE sms_messages DISABLE TRIGGER sms_messages_stats')
  const at = `${anchor} - (${h('c * 2 + k', 181)} % 730) * interval '1 day' - (${h('c * 2 + k', 182)} % 600) * interval '1 minute'`
  await step(
    'sms messages',
    (part) => `
    INSERT INTO sms_messages (organisation_id, candidate_id, direction, kind, body, to_number, status, segments, scheduled_for, sent_at, status_at, created_at)
    SELECT ${id('org', orgOf('c'))}, ${id('cand', 'c')}, 'outbound', (ARRAY['workshop.convocation', 'workshop.reminder', 'sheet'])[1 + ${h('c * 2 + k', 183)} % 3],
      'Bonjour, votre rendez-vous est confirmé. Répondez STOP pour ne plus recevoir de SMS.',
      '+336' || lpad((${h('c', 184)} % 100000000)::text, 8, '0'),
      (CASE WHEN ${h('c * 2 + k', 185)} % 100 < 88 THEN 'delivered' WHEN ${h('c * 2 + k', 185)} % 100 < 93 THEN 'undelivered'
            WHEN ${h('c * 2 + k', 185)} % 100 < 96 THEN 'failed' ELSE 'sent' END)::sms_status, 1, ${at}, ${at}, ${at}, ${at}
    FROM ${part(n.candidates)} c, generate_series(0, 1) k
    WHERE k < ${h('c', 180)} % 3`,
  )
  await step(
    'sms replies',
    `
    INSERT INTO sms_messages (organisation_id, candidate_id, direction, kind, body, to_number, from_number, status, status_at, created_at)
    SELECT organisation_id, candidate_id, 'inbound', 'reply', 'Merci, je serai présent.', '+33700000000', to_number, 'delivered',
      created_at + interval '20 minutes', created_at + interval '20 minutes'
    FROM sms_messages WHERE direction = 'outbound' AND status = 'delivered' AND (hashtext(id::text) & 2147483647) % 20 = 0`,
  )
  await step(
    'sms statistics counters',
    `
    INSERT INTO stats_sms_months (organisation_id, month, status, n)
    SELECT organisation_id, passerelle_stats_month(created_at), status::text, count(*)::int
    FROM sms_messages WHERE direction = 'outbound' GROUP BY 1, 2, 3`,
  )
  await step('resume SMS statistics trigger', 'ALTER TABLE sms_messages ENABLE TRIGGER sms_messages_stats')
}

/**
 * Workshops of the three directory organisations (80 % in the big one) with a facilitator, registrations of
 * each organisation's candidates on its own workshops (a few waitlisted, attendance on past ones), their seat and
 * waitlist counters; courses of 4 steps and enrolments with their next due date (about a quarter late).
 */
async function generateWorkshopsAndCourses(
  step: (label: string, sql: string | ((part: (total: number) => string, job: number) => string)) => Promise<void>,
  n: ReturnType<typeof sizes>,
) {
  // The statistics' monthly workshop counters (drizzle/0074) are summed once below, after the sessions' own counters.
  await step('pause workshop statistics trigger', 'ALTER TABLE workshops DISABLE TRIGGER workshops_stats')
  await step(
    'workshops',
    (part) => `
    INSERT INTO workshops (id, organisation_id, name, theme, description, starts_at, ends_at, address_formatted, capacity, status, created_at, updated_at)
    SELECT ${id('workshop', 'w')}, ${id('org', directoryOrg('w'))}, (${arr(WORKSHOP_TITLES)})[t], (${arr(WORKSHOP_THEMES)})[t], '', starts, starts + interval '2 hours',
      'Maison de l’emploi, ' || (${arr(PLACES)})[1 + ${h('w', 161)} % ${PLACES.length}], 12 + ${h('w', 162)} % 20, 'scheduled', starts - interval '30 days', starts - interval '30 days'
    FROM (SELECT w, 1 + ${h('w', 160)} % ${WORKSHOP_TITLES.length} AS t, ${anchor} + ((${h('w', 163)} % 400) - 300) * interval '1 day' + interval '9 hours' AS starts FROM ${part(n.workshops)} w) g`,
  )
  await step(
    'workshop facilitators',
    `
    INSERT INTO workshop_facilitators (workshop_id, user_id)
    SELECT w.id, 'bench-o' || (CASE WHEN g % 10 < 8 THEN 1 WHEN g % 10 = 8 THEN 2 ELSE 3 END) || '-u' || (1 + ${h('g', 164)} % ${USERS_PER_ORG - 1})
    FROM generate_series(0, ${n.workshops - 1}) g JOIN workshops w ON w.id = ${id('workshop', 'g')}`,
  )
  const perCandidate = 3
  const keep = Math.min(100, Math.ceil((n.registrations / (n.candidates * 0.8 * perCandidate)) * 100))
  // The attendance counters (drizzle/0031) are computed with the seat counters below rather than by the row trigger.
  await step(
    'pause attendance trigger',
    'ALTER TABLE workshop_registrations DISABLE TRIGGER workshop_registrations_attendance_counts',
  )
  await step(
    'workshop registrations',
    (part) => `
    INSERT INTO workshop_registrations (organisation_id, workshop_id, candidate_id, status, attendance, created_at, updated_at)
    SELECT ${id('org', 'o')}, ${id('workshop', `10 * (${h(`c * ${perCandidate} + k`, 170)} % ${n.workshops / 10}) + (CASE o WHEN 1 THEN ${h(`c * ${perCandidate} + k`, 171)} % 8 WHEN 2 THEN 8 ELSE 9 END)`)},
      ${id('cand', 'c')}, CASE WHEN ${h(`c * ${perCandidate} + k`, 172)} % 20 = 0 THEN 'waitlisted' ELSE 'registered' END::workshop_registration_status,
      NULL, ${anchor} - (${h(`c * ${perCandidate} + k`, 173)} % 300) * interval '1 day', ${anchor}
    FROM (SELECT c, k, ${orgOf('c')} AS o FROM ${part(n.candidates)} c, generate_series(0, ${perCandidate - 1}) k) g
    WHERE o <= 3 AND ${h(`c * ${perCandidate} + k`, 174)} % 100 < ${keep}
    ON CONFLICT DO NOTHING`,
  )
  await step(
    'workshop attendance',
    `
    UPDATE workshop_registrations r SET attendance = (ARRAY['present', 'present', 'present', 'excused', 'unexcused']::workshop_attendance[])[1 + (hashtext(r.id::text) & 2147483647) % 5]
    FROM workshops w WHERE w.id = r.workshop_id AND w.starts_at < ${anchor} AND r.status = 'registered'`,
  )
  await step(
    'workshop counters',
    `
    UPDATE workshops w SET seats_taken = c.seated, waitlist_count = c.waiting, capacity = greatest(w.capacity, c.seated),
      present_count = c.present, excused_count = c.excused, unexcused_count = c.unexcused,
      invited_marked_count = c.invited_marked, invited_absent_count = c.invited_absent
    FROM (SELECT workshop_id, count(*) FILTER (WHERE status = 'registered')::int AS seated, count(*) FILTER (WHERE status = 'waitlisted')::int AS waiting,
                 count(*) FILTER (WHERE status = 'registered' AND attendance = 'present')::int AS present,
                 count(*) FILTER (WHERE status = 'registered' AND attendance = 'excused')::int AS excused,
                 count(*) FILTER (WHERE status = 'registered' AND attendance = 'unexcused')::int AS unexcused,
                 count(*) FILTER (WHERE status = 'registered' AND attendance IS NOT NULL AND invitation_id IS NOT NULL)::int AS invited_marked,
                 count(*) FILTER (WHERE status = 'registered' AND attendance = 'unexcused' AND invitation_id IS NOT NULL)::int AS invited_absent
          FROM workshop_registrations GROUP BY 1) c
    WHERE c.workshop_id = w.id`,
  )
  await step(
    'workshop statistics counters',
    `
    INSERT INTO stats_workshop_months (organisation_id, month, theme, measure, n)
    SELECT w.organisation_id, passerelle_stats_month(w.starts_at), w.theme, m.measure, sum(m.n)::int
    FROM workshops w, passerelle_stats_workshop_measures(w) m GROUP BY 1, 2, 3, 4`,
  )
  await step('resume workshop statistics trigger', 'ALTER TABLE workshops ENABLE TRIGGER workshops_stats')
  await step(
    'resume attendance trigger',
    'ALTER TABLE workshop_registrations ENABLE TRIGGER workshop_registrations_attendance_counts',
  )
  await step(
    'courses',
    `
    INSERT INTO support_courses (id, organisation_id, name, description, owner_id, created_at)
    SELECT ${id('course', 'k')}, ${id('org', directoryOrg('k'))}, 'Parcours ' || (k + 1), '', 'bench-o' || ${directoryOrg('k')} || '-u' || (1 + ${h('k', 180)} % 30), ${anchor} - interval '1 year'
    FROM generate_series(0, ${n.courses - 1}) k`,
  )
  await step(
    'course steps',
    `
    INSERT INTO support_course_steps (id, organisation_id, course_id, position, title, kind, delay_days, delay_from)
    SELECT ${id('step', 'k * 4 + p')}, ${id('org', directoryOrg('k'))}, ${id('course', 'k')}, p, (ARRAY['Diagnostic', 'Atelier CV', 'Prescription', 'Bilan'])[p + 1],
      (ARRAY['interview', 'workshop', 'prescription', 'interview']::support_course_step_kind[])[p + 1], (ARRAY[7, 14, 21, 60])[p + 1],
      CASE WHEN p = 3 THEN 'enrolment' ELSE 'previous' END::support_course_delay_from
    FROM generate_series(0, ${n.courses - 1}) k, generate_series(0, 3) p`,
  )
  // Each candidate of the three organisations draws up to 2 courses of its own organisation (slices of candidates per
  // job, so that two jobs never insert the same pair); its next step is drawn, due around the anchor.
  const keepEnrolments = Math.min(100, Math.ceil((n.enrolments / (n.candidates * 0.8 * 2)) * 100))
  await step(
    'course enrolments',
    (part) => `
    INSERT INTO support_course_enrolments (id, organisation_id, course_id, candidate_id, enrolled_on, status, next_step_id, next_due_on, created_at)
    SELECT ${id('enrolment', 'e')}, ${id('org', 'o')}, ${id('course', 'kc')}, ${id('cand', 'c')}, (${anchor} - (${h('e', 191)} % 200) * interval '1 day')::date,
      st::support_course_enrolment_status, CASE WHEN st = 'active' THEN ${id('step', `kc * 4 + ${h('e', 192)} % 4`)} END,
      CASE WHEN st = 'active' THEN (${anchor} + ((${h('e', 193)} % 120) - 30) * interval '1 day')::date END, ${anchor} - interval '200 days'
    FROM (
      SELECT e, c, o, 10 * (${h('e', 194)} % ${n.courses / 10}) + (CASE o WHEN 1 THEN ${h('e', 195)} % 8 WHEN 2 THEN 8 ELSE 9 END) AS kc,
        CASE WHEN ${h('e', 196)} % 10 < 8 THEN 'active' WHEN ${h('e', 196)} % 10 = 8 THEN 'finished' ELSE 'abandoned' END AS st
      FROM (SELECT c * 2 + k AS e, c, ${orgOf('c')} AS o FROM ${part(n.candidates)} c, generate_series(0, 1) k) g0
      WHERE o <= 3 AND ${h('e', 197)} % 100 < ${keepEnrolments}
    ) g
    ON CONFLICT DO NOTHING`,
  )
}
