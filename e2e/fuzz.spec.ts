import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import fc from 'fast-check'
import pg from 'pg'
import { baseURL } from '../playwright.config'
import { discoverRoutes } from './app-routes'
import { E2E_ACCOUNTS, E2E_NEIGHBOUR } from './e2e-accounts'
import { storageStateOf, type DemoRole } from './fixtures'
import {
  actionArgs,
  actionResult,
  encodeReply,
  HUGE,
  installWriteAudit,
  isRefusal,
  isTechnical,
  messagesOf,
  removeWriteAudit,
  serverLogSince,
  serverLogSize,
  value,
  writeCursor,
} from './fuzz-kit'

/**
 * Every server action and every route handler of the built app, driven over HTTP with generated hostile
 * input under each role's session, a not-onboarded user's and none. Each answer must be a refusal with a French
 * message, or a success; never a 5xx. A refusal writes nothing (an audit trigger on every table says what changed);
 * the server logs no unhandled error meanwhile. FUZZ_RUNS inputs per action and per handler (1 000 by default and in `npm run fuzz`; `npm test` runs 25), FUZZ_SEED
 * to replay a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined
const MANIFEST = path.join(
  process.cwd(),
  process.env.NEXT_DIST_DIR ?? '.next',
  'server',
  'server-reference-manifest.json',
)

type Session = { role: string; cookie: string }
type Action = { id: string; file: string; name: string; route: string }

/** The actions of the build, each with a page that serves it (Next.js finds an action through the page it is posted to). */
function actionsOfBuild(): Action[] {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as {
    node: Record<string, { workers: Record<string, unknown>; filename: string; exportedName: string }>
  }
  return Object.entries(manifest.node)
    .map(([id, entry]) => {
      const pages = Object.keys(entry.workers)
        .filter((w) => w.endsWith('/page'))
        .map(
          (w) =>
            `/${w
              .split('/')
              .slice(1, -1)
              .filter((s) => !/^\(.*\)$/.test(s))
              .join('/')}`,
        )
      // A page without dynamic segment if there is one; otherwise the first, its segments filled with a demo offer's id.
      const route = (pages.find((p) => !p.includes('[')) ?? pages[0]!).replace(
        /\[[^\]]+\]/g,
        '30000000-0000-4000-8000-000000000001',
      )
      return { id, file: entry.filename, name: entry.exportedName, route }
    })
    .sort((a, b) => `${a.file} ${a.name}`.localeCompare(`${b.file} ${b.name}`))
}

/** Actions that end the session they run in: driven without one, so that the other cases keep theirs. */
const ENDS_SESSION = new Set(['signOutAction'])

let client: pg.Client
let audited: string[] = []
let nextWrites: () => Promise<string[]>
let sessions: Session[] = []
let ids: string[] = []
let logStart = 0

async function sessionCookie(role: DemoRole): Promise<string> {
  const state = JSON.parse(fs.readFileSync(storageStateOf(role), 'utf8')) as {
    cookies: { name: string; value: string }[]
  }
  return state.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

test.beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await client.connect()
  audited = await installWriteAudit(client)
  nextWrites = writeCursor(client)
  // The audit sees a write (one that changes nothing).
  await client.query('update places set label = label where id = (select id from places order by id limit 1)')
  expect(await nextWrites()).toEqual(['UPDATE places'])
  logStart = serverLogSize()
  const signedIn = async (account: { email: string; password: string }) => {
    const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    expect(signIn.status, account.email).toBe(200)
    return signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
  }
  sessions = [
    { role: 'none', cookie: '' },
    { role: 'notOnboarded', cookie: await signedIn(E2E_ACCOUNTS.notOnboarded) },
    { role: 'neighbour', cookie: await signedIn(E2E_NEIGHBOUR) },
    ...(await Promise.all(
      (['admin', 'referent', 'conseiller', 'partenaire'] as const).map(async (role) => ({
        role,
        cookie: await sessionCookie(role),
      })),
    )),
  ]
  // Each session is alive: its role's home answers rather than sending to the login page.
  for (const session of sessions.slice(1)) {
    const home =
      session.role === 'partenaire'
        ? '/partners/structure/dashboard'
        : session.role === 'notOnboarded'
          ? '/onboarding'
          : '/v2/actions/dashboard'
    const response = await fetch(`${baseURL}${home}`, { headers: { cookie: session.cookie }, redirect: 'manual' })
    expect(response.status, `${session.role}'s session`).toBe(200)
  }
  // Real ids, of the staff's organisation and of the other one (Lyon), so that inputs reach past "not a uuid".
  const { rows } = await client.query<{ id: string }>(`
    (select id::text from candidates order by organisation_id, id limit 6)
    union all (select id::text from candidates where organisation_id = '10000000-0000-4000-8000-000000000002' limit 2)
    union all (select id::text from social_offers order by id limit 4)
    union all (select id::text from social_applies order by id limit 4)
    union all (select id::text from partner_structures order by id limit 2)
    union all (select id::text from workshops order by id limit 2)
    union all (select id::text from support_courses order by id limit 2)
    union all (select id::text from enterprises order by id limit 2)
    union all (select id::text from job_offers order by id limit 2)
    union all (select id::text from orientations order by id limit 2)
    union all (select id::text from places order by id limit 2)
    union all (select id::text from organisations order by id limit 2)
    union all (select id from "user" where email = 'referent.lyon@passerelle.test')`)
  ids = rows.map((r) => r.id)
})

test.afterAll(async () => {
  await removeWriteAudit(client, audited)
  await client.end()
})

type Outcome = { label: string; status: number; result: unknown }
const refused = (o: Outcome) => o.status >= 400 || isRefusal(o.result)

/**
 * An answer's verdict apart from writes: never a 5xx, and only messages made for a person. `expect` runs only on a
 * failure: each call is a step of Playwright's report, and a test of thousands of cases spent a third of its time
 * filing them (the worker looks through the steps already filed at each new one).
 */
function judge(o: Outcome) {
  if (o.status >= 500) expect(o.status, `${o.label}: a 5xx`).toBeLessThan(500)
  for (const message of messagesOf(o.result)) {
    if (isTechnical(message))
      expect(isTechnical(message), `${o.label}: “${message}” is not a message for a person`).toBe(false)
  }
}

/**
 * Runs RUNS generated cases, FUZZ_CONCURRENCY at a time. After each batch the audit tells what was written: when every
 * answer of the batch was a refusal, nothing may have been. When one was a success, the batch's refused cases are sent
 * again together, and so on until a round is all refusals; a round of refusals that wrote is sent once more one case at
 * a time, to name the case that wrote.
 */
async function runCases<T>(name: string, arbitrary: fc.Arbitrary<T>, send: (input: T) => Promise<Outcome>) {
  const seed = SEED ?? Math.floor(Math.random() * 2 ** 31)
  const cases = fc.sample(arbitrary, { numRuns: RUNS, seed })
  const context = `${name} (FUZZ_SEED=${seed})`
  const tally = { refused: 0, accepted: 0, resent: 0, statuses: {} as Record<number, number> }
  /** Refusals wrote: each case again, alone, to name the one that writes; then the suite fails. */
  const nameTheWriter = async (inputs: T[], writes: string[]) => {
    for (const input of inputs) {
      const o = await send(input)
      const again = await nextWrites()
      if (refused(o) && again.length) expect(again, `${context}: ${o.label}: a refusal wrote`).toEqual([])
    }
    expect(writes, `${context}: refusals wrote`).toEqual([])
  }
  /** Sends cases together and checks them; returns the refused ones when a success among them wrote. */
  const round = async (inputs: T[], count = false): Promise<T[]> => {
    const outcomes = await Promise.all(inputs.map(send))
    const writes = await nextWrites()
    for (const o of outcomes) {
      if (count) {
        tally[refused(o) ? 'refused' : 'accepted']++
        tally.statuses[o.status] = (tally.statuses[o.status] ?? 0) + 1
      }
      judge({ ...o, label: `${context}: ${o.label}` })
    }
    if (writes.length === 0) return []
    if (outcomes.every(refused)) await nameTheWriter(inputs, writes)
    return inputs.filter((_, k) => refused(outcomes[k]!))
  }
  for (let i = 0; i < cases.length; i += CONCURRENCY) {
    // A success wrote: the round's refusals again, without it. Each round drops at least one case (a success), so it ends.
    let again = await round(cases.slice(i, i + CONCURRENCY), true)
    while (again.length) {
      tally.resent += again.length
      again = await round(again)
    }
  }
  console.log(
    `${name}: ${tally.refused} refused, ${tally.accepted} accepted, ${tally.resent} refusals sent again, statuses ${JSON.stringify(tally.statuses)}`,
  )
}

const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16)

/** A server action posted as React posts it, under a session; its answer read for the verdict. */
async function postAction(action: Action, session: Session, args: unknown[]): Promise<Outcome> {
  const response = await fetch(`${baseURL}${action.route}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'next-action': action.id,
      'content-type': 'text/plain;charset=UTF-8',
      accept: 'text/x-component',
      origin: baseURL,
      cookie: session.cookie,
    },
    body: encodeReply(args),
  })
  return {
    label: `as ${session.role} with ${JSON.stringify(args).slice(0, 300)}`,
    status: response.status,
    result: actionResult(await response.text()),
  }
}

/**
 * The structure actions across organisations: a neighbouring organisation that works with both demo structures (linked
 * by SIRET) but runs neither. Whatever it sends about them — their ids, their partner users' ids, their offers', the
 * pending account request's — is refused, and nothing is written.
 */
const STRUCTURE_ACTIONS = [
  'updatePartnerStructureAction',
  'invitePartnerUserAction',
  'setPartnerUserDisabledAction',
  'setStructureAdminAction',
  'reinvitePartnerUserAction',
  'decideStructureAccountAction',
  'createSocialOfferAction',
  'updateSocialOfferAction',
]
test.describe('structure actions across organisations', () => {
  for (const action of actionsOfBuild().filter((a) => STRUCTURE_ACTIONS.includes(a.name))) {
    test(`${action.name} by a neighbouring organisation`, async () => {
      test.setTimeout(120_000 + RUNS * 200)
      const neighbour = sessions.find((s) => s.role === 'neighbour')!
      const { rows } = await client.query<{ id: string }>(`
        select id::text from partner_structures where id in ('20000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002')
        union all select id from "user" where structure_id is not null
        union all select id::text from social_offers where structure_id in ('20000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002')
        union all select id::text from structure_account_requests`)
      const theirs = rows.map((r) => r.id)
      const args = fc.tuple(fc.constantFrom(...theirs), actionArgs(theirs)).map(([id, rest]) => [id, ...rest])
      let accepted = 0
      await runCases(`${action.name} across organisations`, args, async (input) => {
        const outcome = await postAction(action, neighbour, input)
        if (!refused(outcome)) accepted++
        return outcome
      })
      expect(accepted, `${action.name}: the neighbour was let through`).toBe(0)
    })
  }
})

test.describe('server actions', () => {
  for (const action of actionsOfBuild()) {
    test(`${action.file} ${action.name}`, async () => {
      test.setTimeout(120_000 + RUNS * 200)
      const allowed = ENDS_SESSION.has(action.name) ? sessions.filter((s) => s.role === 'none') : sessions
      await runCases(`${action.name}`, fc.tuple(fc.constantFrom(...allowed), actionArgs(ids)), ([session, args]) =>
        postAction(action, session, args),
      )
    })
  }
})

/** A path parameter: a real id, a random uuid, or hostile text. */
const segment = () =>
  fc.oneof(
    fc.constantFrom(...ids),
    fc.uuid(),
    fc.string({ maxLength: 30 }),
    fc.constantFrom("' or 1=1", '..', '%2e%2e', 'x'.repeat(300)),
  )

function bodyFor(): fc.Arbitrary<{ type?: string; body?: string | FormData }> {
  return fc.oneof(
    { depthSize: 'small' },
    value(ids).map((v) => ({ type: 'application/json', body: JSON.stringify(v) })),
    fc.string({ maxLength: 200 }).map((s) => ({ type: 'application/json', body: s })),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 50 })).map((fields) => ({
      type: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(fields).toString(),
    })),
    fc
      .tuple(
        fc.string({ maxLength: 20 }),
        fc.oneof({ arbitrary: fc.string({ maxLength: 500 }), weight: 24 }, { arbitrary: fc.constant(HUGE), weight: 1 }),
      )
      .map(([name, content]) => {
        const form = new FormData()
        form.set('file', new Blob([content], { type: 'text/csv' }), `${name || 'f'}.csv`)
        form.set('mapping', content.slice(0, 50))
        return { body: form }
      }),
    fc.constant({}),
  )
}

test.describe('route handlers', () => {
  for (const handler of discoverRoutes().filter((r) => r.kind === 'handler')) {
    for (const method of handler.methods) {
      test(`${method} ${handler.route}`, async () => {
        test.setTimeout(120_000 + RUNS * 200)
        const params = handler.route.match(/\[[^\]]+\]/g) ?? []
        const input = fc.tuple(
          fc.constantFrom(...sessions),
          fc.array(segment(), { minLength: params.length, maxLength: params.length }),
          fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
          method === 'GET' ? fc.constant<{ type?: string; body?: string | FormData }>({}) : bodyFor(),
        )
        await runCases(`${method} ${handler.route}`, input, async ([session, values, query, { type, body }]) => {
          let i = 0
          const url = new URL(
            handler.route.replace(/\[[^\]]+\]/g, () => encodeURIComponent(values[i++]!)),
            baseURL,
          )
          for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
          const response = await fetch(url, {
            method,
            redirect: 'manual',
            headers: { origin: baseURL, cookie: session.cookie, ...(type ? { 'content-type': type } : {}) },
            ...(body === undefined ? {} : { body }),
          })
          const text = await response.text()
          const result = (response.headers.get('content-type') ?? '').startsWith('application/json')
            ? JSON.parse(text || 'null')
            : undefined
          return {
            label: `${method} ${url.pathname}${url.search.slice(0, 100)} as ${session.role}`,
            status: response.status,
            result,
          }
        })
      })
    }
  }
})

test('the server logged no unhandled error during the suite', () => {
  const log = serverLogSince(logStart)
  expect(
    log
      .split('\n')
      .filter((line) => /⨯|unhandled|Unhandled|TypeError|ReferenceError|RangeError|SyntaxError|digest/.test(line)),
  ).toEqual([])
})
