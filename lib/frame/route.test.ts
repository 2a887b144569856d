import { redirect } from 'next/navigation'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { CurrentUser } from '@/lib/auth/session'
import { DB_UNAVAILABLE_DIGEST, UNAVAILABLE_MESSAGE } from '@/lib/unavailable'

vi.mock('server-only', () => ({}))
/** Who is signed in, as the session would say (the frame's gate: ./actor.ts, session and permissions read for real). */
const session = vi.hoisted(() => ({ user: null as CurrentUser | null }))
vi.mock('@/lib/auth/session', () => ({ getCurrentUser: async () => session.user }))

const { defineRoute, json } = await import('./route')

const OWN = 'http://localhost:3000'
const ID = '7b1f3c2a-9d4e-4f6a-8b2c-1d3e5f7a9b0c'

const partner: CurrentUser = {
  id: 'u-1',
  email: 'partenaire@passerelle.test',
  firstName: 'Paul',
  lastName: 'Partenaire',
  role: 'fullPartner',
  permissions: null,
  rolePermissions: null,
  organisationId: null,
  answerReminderDays: null,
  structureId: 's-1',
  onboarded: true,
}
const referent: CurrentUser = {
  ...partner,
  id: 'u-2',
  role: 'referent',
  organisationId: 'o-1',
  answerReminderDays: 10,
  structureId: null,
}

/** A body made only as it is pulled: `state.pulled` says whether the frame began to read it. */
function lazy(text: string) {
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled++) return controller.close()
        controller.enqueue(new TextEncoder().encode(text))
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, state }
}

function post(body: BodyInit | null, headers: Record<string, string> = {}, path = '/api/x') {
  return new Request(`${OWN}${path}`, {
    method: 'POST',
    body,
    headers: { host: 'localhost:3000', origin: OWN, 'content-type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit)
}
const params = (values: Record<string, string>) => ({ params: Promise.resolve(values) })
const answer = async (response: Response) => ({ status: response.status, body: await response.json() })

const archive = vi.fn(async (ids: string[]) => json({ archived: ids.length }))
const archiveRoute = defineRoute({
  name: 'test.archive',
  body: 'json',
  permission: 'offers.social.archive',
  tenant: 'structure',
  input: z.object({ ids: z.array(z.uuid()).min(1) }),
  run: async ({ input }) => archive(input.ids),
})

beforeEach(() => {
  session.user = partner
  vi.stubEnv('BETTER_AUTH_URL', OWN)
  vi.stubEnv('TRUSTED_PROXY_HOPS', '')
  archive.mockClear()
})
afterEach(() => vi.unstubAllEnvs())

describe('defineRoute: what a JSON write goes through before it runs', () => {
  it('runs with the parsed input for the structure’s partner, from the app’s own page', async () => {
    expect(await answer(await archiveRoute(post(JSON.stringify({ ids: [ID] }))))).toEqual({
      status: 200,
      body: { archived: 1 },
    })
  })

  it('refuses another type (415) and another origin (403) in French, reading nothing', async () => {
    for (const [headers, status, error] of [
      [{ 'content-type': 'text/plain' }, 415, 'Requête invalide\u00a0: le contenu envoyé n’est pas du type attendu.'],
      [{ origin: 'http://localhost:8765' }, 403, 'Cette action s’effectue depuis les pages de Passerelle.'],
      [{ origin: 'https://evil.example' }, 403, 'Cette action s’effectue depuis les pages de Passerelle.'],
      [{ origin: 'null' }, 403, 'Cette action s’effectue depuis les pages de Passerelle.'],
    ] as const) {
      const { stream, state } = lazy(JSON.stringify({ ids: [ID] }))
      expect(await answer(await archiveRoute(post(stream, headers)))).toEqual({ status, body: { error } })
      expect(state.pulled).toBe(0)
    }
    const { stream } = lazy('{}')
    const request = post(stream)
    request.headers.delete('origin')
    expect((await archiveRoute(request)).status).toBe(403)
    expect(archive).not.toHaveBeenCalled()
  })

  it('takes the page of another name of the same server (127.0.0.1 for localhost): the origin it was addressed to', async () => {
    const request = post(JSON.stringify({ ids: [ID] }), { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' })
    expect((await archiveRoute(request)).status).toBe(200)
    // Another port of that name is another origin.
    const other = post(JSON.stringify({ ids: [ID] }), { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' })
    expect((await archiveRoute(other)).status).toBe(403)
  })

  it('honours X-Forwarded-Host only behind trusted proxies', async () => {
    const behind = { host: 'app:3000', 'x-forwarded-host': 'passerelle.example', origin: 'https://passerelle.example' }
    expect((await archiveRoute(post(JSON.stringify({ ids: [ID] }), behind))).status).toBe(403)
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1')
    expect((await archiveRoute(post(JSON.stringify({ ids: [ID] }), behind))).status).toBe(200)
  })

  it('refuses a body past its limit (413) while reading it', async () => {
    const route = defineRoute({
      name: 'test.small',
      session: 'none',
      body: 'json',
      maxBytes: 10,
      run: async () => json({}),
    })
    expect(await answer(await route(post(JSON.stringify({ ids: [ID, ID] }))))).toEqual({
      status: 413,
      body: { error: 'Le contenu envoyé est trop volumineux.' },
    })
  })

  it('no session: 401; not onboarded, no permission or another tenant: 403, in French, reading nothing', async () => {
    const cases: [CurrentUser | null, number, string][] = [
      [null, 401, 'Votre session a expiré\u00a0: reconnectez-vous.'],
      [{ ...partner, onboarded: false }, 403, 'Cette action ne vous est pas permise.'],
      [referent, 403, 'Cette action ne vous est pas permise.'],
      [{ ...partner, permissions: ['candidate.visualize'] }, 403, 'Cette action ne vous est pas permise.'],
    ]
    for (const [user, status, error] of cases) {
      session.user = user
      const { stream, state } = lazy(JSON.stringify({ ids: [ID] }))
      expect(await answer(await archiveRoute(post(stream)))).toEqual({ status, body: { error } })
      expect(state.pulled).toBe(0)
    }
    expect(archive).not.toHaveBeenCalled()
  })

  it('refuses an input that is not valid with 400 and French messages, per field', async () => {
    const { status, body } = await answer(await archiveRoute(post(JSON.stringify({ ids: ['abc'] }))))
    expect(status).toBe(400)
    expect(body.error).toBe('UUID invalide')
    expect(body.fieldErrors).toEqual({ 'ids.0': body.error })
    expect((await answer(await archiveRoute(post('not json')))).body.error).toMatch(/objet attendu/)
    expect(archive).not.toHaveBeenCalled()
  })
})

describe('defineRoute: reads by link', () => {
  const download = defineRoute({
    name: 'test.download',
    permission: 'workshops.visualize',
    tenant: 'organisation',
    hide: true,
    ids: ['id'],
    messages: { signedOut: 'Connectez-vous pour voir les inscrits.', notFound: 'Cet atelier est introuvable.' },
    run: async ({ organisationId, params }) => json({ organisationId, id: params.id }),
  })
  const get = (headers: Record<string, string> = {}) =>
    new Request(`${OWN}/api/w`, { headers: { host: 'localhost:3000', ...headers } })

  it('takes a GET from anywhere (a link, a new tab), with the path’s id checked', async () => {
    session.user = referent
    expect(await answer(await download(get({ origin: 'https://elsewhere.example' }), params({ id: ID })))).toEqual({
      status: 200,
      body: { organisationId: 'o-1', id: ID },
    })
  })

  it('a malformed id is not found (404), and so is a refused user when the route hides what exists', async () => {
    session.user = referent
    expect(await answer(await download(get(), params({ id: '1 or 1=1' })))).toEqual({
      status: 404,
      body: { error: 'Cet atelier est introuvable.' },
    })
    session.user = partner
    expect((await download(get(), params({ id: ID }))).status).toBe(404)
    session.user = null
    expect(await answer(await download(get(), params({ id: ID })))).toEqual({
      status: 401,
      body: { error: 'Connectez-vous pour voir les inscrits.' },
    })
  })
})

describe('defineRoute: what `run` throws', () => {
  const throwing = (error: unknown) =>
    defineRoute({
      name: 'test.throws',
      session: 'none',
      run: async () => {
        throw error
      },
    })
  const get = () => new Request(`${OWN}/api/t`)

  it('an unexpected error is a French 500, logged by its kind only (never its text, which may hold personal data)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const response = await throwing(new TypeError('jean.dupont@example.test'))(get())
    expect(await answer(response)).toEqual({
      status: 500,
      body: { error: 'Une erreur est survenue. Réessayez dans un instant.' },
    })
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(log).toHaveBeenCalledWith('[route.test.throws] TypeError')
    expect(JSON.stringify(log.mock.calls)).not.toContain('dupont')
    log.mockRestore()
  })

  it('a database out of reach is 503 with Retry-After and the French "momentarily unavailable"', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const response = await throwing(Object.assign(new Error('x'), { digest: DB_UNAVAILABLE_DIGEST }))(get())
    expect(await answer(response)).toEqual({ status: 503, body: { error: UNAVAILABLE_MESSAGE } })
    expect(response.headers.get('retry-after')).toBe('5')
    log.mockRestore()
  })

  it('Next.js’s own control flow goes through', async () => {
    const route = defineRoute({ name: 'test.redirect', session: 'none', run: async () => redirect('/v2/login') })
    await expect(route(get())).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) })
  })
})

describe('defineRoute: uploads are decided before they are read', () => {
  const BOUNDARY = 'x-boundary'
  const form = (file = true) =>
    [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nvalid\r\n`,
      file
        ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nnom\r\nA\r\n`
        : '',
      `--${BOUNDARY}--\r\n`,
    ].join('')
  const upload = (body: BodyInit, query = '') =>
    post(body, { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, `/api/u${query}`)
  const allow = vi.fn(({ query }: { query: { structureId: string } }) => query.structureId === ID)
  const route = defineRoute({
    name: 'test.upload',
    body: 'multipart',
    maxBytes: 1024,
    permission: 'candidate.socialboard.modify',
    tenant: 'any',
    query: z.object({ structureId: z.string().default('') }),
    allow,
    input: z.object({ mode: z.enum(['valid', 'allOrNothing']) }),
    messages: { noFile: 'Choisissez un fichier.' },
    run: async ({ upload, input }) =>
      json({ name: upload.fileName, text: new TextDecoder().decode(upload.bytes), mode: input.mode }),
  })

  it('the permission, then the object rule, refuse before a byte is pulled', async () => {
    session.user = { ...partner, permissions: ['candidate.visualize'] }
    const first = lazy(form())
    expect((await route(upload(first.stream, `?structureId=${ID}`))).status).toBe(403)
    expect(first.state.pulled).toBe(0)
    session.user = partner
    const second = lazy(form())
    expect((await route(upload(second.stream, '?structureId=another'))).status).toBe(403)
    expect(second.state.pulled).toBe(0)
  })

  it('reads the file and parses the text fields; a form without its file is 400', async () => {
    expect(await answer(await route(upload(form(), `?structureId=${ID}`)))).toEqual({
      status: 200,
      body: { name: 'a.csv', text: 'nom\r\nA', mode: 'valid' },
    })
    expect(await answer(await route(upload(form(false), `?structureId=${ID}`)))).toEqual({
      status: 400,
      body: { error: 'Choisissez un fichier.' },
    })
  })
})
