import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CurrentUser } from '@/lib/auth/session'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { testDatabaseUrl, useTestDb } from './db'

vi.mock('server-only', () => ({}))
/** The request's user, as the session would give it: the route handlers themselves run on the seeded database. */
const session = vi.hoisted(() => ({ user: null as CurrentUser | null }))
vi.mock('@/lib/auth/session', () => ({ getCurrentUser: async () => session.user }))

const db = useTestDb()
const { POST: offerPreview } = await import('@/app/api/offer-imports/preview/route')
const { POST: structurePreview } = await import('@/app/api/structure-imports/preview/route')
const { POST: offerApplies } = await import('@/app/api/offers/[offerId]/applies/route')
const { POST: candidatesSearch } = await import('@/app/api/candidates/search/route')
const { POST: archive } = await import('@/app/api/social-applies/archive/route')

/** The app's address in this tier (vitest.config.ts), and another name of the same server. */
const APP = 'http://localhost:3999'
const OTHER_NAME = 'http://127.0.0.1:3999'
const BOUNDARY = '----passerelle-test'

beforeAll(() => {
  process.env.DATABASE_URL = testDatabaseUrl()
})
afterAll(async () => {
  const cache = globalThis as unknown as { __passerelleDb?: { pool: { end: () => Promise<void> } } }
  await cache.__passerelleDb?.pool.end()
  cache.__passerelleDb = undefined
})

async function userOf(id: string, changes: Partial<CurrentUser> = {}): Promise<CurrentUser> {
  const [u] = await db.select().from(s.users).where(eq(s.users.id, id))
  return {
    id: u!.id,
    email: u!.email,
    firstName: u!.firstName ?? '',
    lastName: u!.lastName ?? '',
    role: u!.role ?? '',
    permissions: u!.permissions ?? null,
    rolePermissions: null,
    organisationId: u!.organisationId ?? null,
    answerReminderDays: u!.organisationId ? 10 : null,
    structureId: u!.structureId ?? null,
    onboarded: true,
    ...changes,
  }
}

/**
 * A multipart upload of about 10 MB, made only as the server pulls it: `state.pulled` says whether the route began to
 * read it. The file is a small CSV of offers, padded by a text field.
 */
function upload(path: string) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="padding"\r\n\r\n`
  const tail = `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="offres.csv"\r\nContent-Type: text/csv\r\n\r\nnom;description\r\nAtelier CV;Un atelier\r\n--${BOUNDARY}--\r\n`
  const chunks = [head, ...Array.from({ length: 150 }, () => 'x'.repeat(64 * 1024)), tail].map((c) =>
    new TextEncoder().encode(c),
  )
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks[state.pulled]
        if (!next) return controller.close()
        state.pulled++
        controller.enqueue(next)
      },
    },
    { highWaterMark: 0 },
  )
  const request = new Request(`${APP}${path}`, {
    method: 'POST',
    body: stream,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: APP, host: 'localhost:3999' },
    duplex: 'half',
  } as RequestInit)
  return { request, state }
}

const postJson = (path: string, body: unknown, origin = APP) =>
  new Request(`${origin}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin, host: new URL(origin).host },
  })
const answer = async (response: Response) => ({ status: response.status, body: await response.json() })

describe('an import checks who sends it before it reads the upload (the route handlers, through their frame)', () => {
  it('offers: no session, a partner of another structure, an organisation that does not run it, a referent — refused, not a byte read', async () => {
    const query = `/api/offer-imports/preview?structureId=${demoIds.structureMobilite}`
    const refused: [CurrentUser | null, number][] = [
      [null, 401],
      [await userOf('demo-partenaire-habitat'), 403],
      [await userOf('demo-referent-lyon', { role: 'admin' }), 403],
      [await userOf('demo-referent'), 403],
    ]
    for (const [user, status] of refused) {
      session.user = user
      const { request, state } = upload(query)
      expect((await offerPreview(request)).status).toBe(status)
      expect(state.pulled).toBe(0)
    }
    // No structure named, or not an id: refused as well, unread.
    session.user = await userOf('demo-partenaire')
    for (const path of ['/api/offer-imports/preview', '/api/offer-imports/preview?structureId=abc']) {
      const { request, state } = upload(path)
      expect(await answer(await offerPreview(request))).toEqual({
        status: 403,
        body: { error: 'Vous n’avez pas la permission d’importer des offres pour cette structure.' },
      })
      expect(state.pulled).toBe(0)
    }
  })

  it('offers: the structure’s own partner gets the file read and analysed', async () => {
    session.user = await userOf('demo-partenaire')
    const { request, state } = upload(`/api/offer-imports/preview?structureId=${demoIds.structureMobilite}`)
    const { status, body } = await answer(await offerPreview(request))
    expect(state.pulled).toBeGreaterThan(100)
    expect({ status, valid: body.valid }).toEqual({ status: 200, valid: 1 })
  })

  it('structures: a referent, a partner, a user not onboarded, a services file without the offers right — refused, unread', async () => {
    const cases: [CurrentUser, string, number][] = [
      [await userOf('demo-referent'), 'structures', 403],
      [await userOf('demo-partenaire'), 'structures', 403],
      [await userOf('demo-admin', { onboarded: false }), 'structures', 403],
      [await userOf('demo-admin', { permissions: ['partners.structure.modify'] }), 'services', 403],
      [await userOf('demo-admin'), 'nothing', 400],
    ]
    for (const [user, kind, status] of cases) {
      session.user = user
      const { request, state } = upload(`/api/structure-imports/preview?kind=${kind}`)
      expect((await structurePreview(request)).status).toBe(status)
      expect(state.pulled).toBe(0)
    }
  })

  it('structures: an administrator’s upload is read (here refused for its format, after reading)', async () => {
    session.user = await userOf('demo-admin')
    const { request, state } = upload('/api/structure-imports/preview?kind=structures')
    expect(await answer(await structurePreview(request))).toEqual({
      status: 400,
      body: { error: 'Choisissez un fichier JSON exporté de data·inclusion (.json).' },
    })
    expect(state.pulled).toBeGreaterThan(100)
  })
})

describe('the pages’ fetches work under another name of the server, and are refused from elsewhere', () => {
  const appliesOf = (origin: string) =>
    offerApplies(postJson(`/api/offers/${demoIds.offerPermis}/applies`, { tab: 'PRESCRIPTION_FILLED' }, origin), {
      params: Promise.resolve({ offerId: demoIds.offerPermis }),
    })

  it('the offer page’s rows, for its partner, from localhost or 127.0.0.1', async () => {
    session.user = await userOf('demo-partenaire')
    for (const origin of [APP, OTHER_NAME]) {
      const { status, body } = await answer(await appliesOf(origin))
      expect(status).toBe(200)
      expect(body.rows.length).toBeGreaterThan(0)
    }
    const foreign = new Request(`${APP}/api/offers/${demoIds.offerPermis}/applies`, {
      method: 'POST',
      body: JSON.stringify({ tab: 'PRESCRIPTION_FILLED' }),
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8765', host: 'localhost:3999' },
    })
    expect((await offerApplies(foreign, { params: Promise.resolve({ offerId: demoIds.offerPermis }) })).status).toBe(
      403,
    )
  })

  it('the offer’s rows: a malformed offer id, or a user of no structure, is not found', async () => {
    session.user = await userOf('demo-partenaire')
    const bad = await offerApplies(postJson('/api/offers/abc/applies', { tab: 'PRESCRIPTION_FILLED' }), {
      params: Promise.resolve({ offerId: 'abc' }),
    })
    expect(await answer(bad)).toEqual({ status: 404, body: { error: 'Cette offre est introuvable.' } })
    session.user = await userOf('demo-referent')
    expect((await appliesOf(APP)).status).toBe(404)
  })

  it('the candidates search: the organisation’s rows from 127.0.0.1; a partner is refused in French', async () => {
    session.user = await userOf('demo-referent')
    const { status, body } = await answer(
      await candidatesSearch(postJson('/api/candidates/search', { search: 'ch' }, OTHER_NAME)),
    )
    expect(status).toBe(200)
    expect(body.total).toBeGreaterThan(0)
    session.user = await userOf('demo-partenaire')
    expect(await answer(await candidatesSearch(postJson('/api/candidates/search', {})))).toEqual({
      status: 403,
      body: { error: 'Vous n’avez pas accès à la liste des candidats.' },
    })
  })

  it('archive: no selection is a French 400, an id of no apply a French 404, and nothing is written', async () => {
    session.user = await userOf('demo-partenaire')
    expect(await answer(await archive(postJson('/api/social-applies/archive', { ids: [] })))).toEqual({
      status: 400,
      body: { error: 'Sélectionnez au moins un dossier à archiver.', fieldErrors: { ids: expect.any(String) } },
    })
    const unknown = await archive(postJson('/api/social-applies/archive', { ids: [crypto.randomUUID()] }))
    expect(unknown.status).toBe(404)
    expect((await answer(unknown)).body.error).toMatch(/introuvable/)
  })
})
