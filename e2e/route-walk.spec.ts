import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { discoverRoutes } from './app-routes'
import { E2E_ACCOUNTS } from './e2e-accounts'
import { storageStateOf } from './fixtures'
import { EXPECTED, WALK_ROLES, type Outcome, type WalkRole } from './route-walk-expected'
import { sampleIds } from './route-samples'

/**
 * Every route of the app × every role × no session. The routes are read from app/ itself (each page.tsx
 * and route.ts), so a page or handler added without an entry in route-walk-expected.ts fails here, and so does one
 * whose guard lets a role through that the table does not expect. Every answer also carries the security headers.
 */

const HTML_HEADERS = (headers: Record<string, string>) => {
  const policy = headers['content-security-policy'] ?? ''
  expect(policy, 'a nonce-based CSP').toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/)
  expect(policy).toContain("frame-ancestors 'none'")
}
function expectSecurityHeaders(headers: Record<string, string>, html: boolean, label: string) {
  expect(headers['strict-transport-security'], `${label}: HSTS`).toBe('max-age=63072000; includeSubDomains')
  expect(headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff')
  expect(headers['referrer-policy'], `${label}: Referrer-Policy`).toBe('strict-origin-when-cross-origin')
  if (html) HTML_HEADERS(headers)
  else
    expect(headers['x-frame-options'] ?? headers['content-security-policy'] ?? '', `${label}: framing refused`).toMatch(
      /DENY|frame-ancestors 'none'/,
    )
}

/** What one request got: the status, where a redirect goes, and a page's first-level heading. */
async function outcomeOf(
  context: APIRequestContext,
  method: string,
  url: string,
): Promise<{ outcome: Outcome; headers: Record<string, string> }> {
  const response = await context.fetch(url, {
    method,
    maxRedirects: 0,
    // A handler that reads a body gets an empty JSON object: the walk tests the guard, the fuzz suite the bodies.
    ...(method === 'GET' ? {} : { data: {}, headers: { origin: baseURL } }),
  })
  const status = response.status()
  const headers = response.headers()
  if (status >= 300 && status < 400)
    return { outcome: { status, location: new URL(headers.location!, baseURL).pathname }, headers }
  const type = headers['content-type'] ?? ''
  if (type.includes('text/html')) {
    const body = await response.text()
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(body)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .replace(/[\s\u00a0\u202f]+/g, ' ')
      .trim()
    return { outcome: { status, ...(h1 ? { h1 } : {}) }, headers }
  }
  await response.body()
  return { outcome: { status }, headers }
}

async function contextFor(role: WalkRole): Promise<APIRequestContext> {
  if (role === 'none') return playwrightRequest.newContext({ baseURL })
  if (role === 'notOnboarded') {
    const context = await playwrightRequest.newContext({ baseURL })
    const response = await context.post('/api/auth/sign-in/email', {
      data: { email: E2E_ACCOUNTS.notOnboarded.email, password: E2E_ACCOUNTS.notOnboarded.password },
      headers: { origin: baseURL },
    })
    expect(response.status()).toBe(200)
    return context
  }
  return playwrightRequest.newContext({ baseURL, storageState: storageStateOf(role) })
}

test('the route table covers every page and route handler of the app, and nothing else', () => {
  const discovered = discoverRoutes().flatMap((r) => r.methods.map((m) => `${m} ${r.route}`))
  expect(discovered.length).toBeGreaterThan(70)
  expect(Object.keys(EXPECTED).sort()).toEqual(discovered.sort())
})

for (const role of WALK_ROLES) {
  test(`every route answers ${role === 'none' ? 'without a session' : `for ${role}`} as the guards say, with the security headers`, async () => {
    test.setTimeout(120_000)
    const ids = await sampleIds()
    const context = await contextFor(role)
    const mismatches: string[] = []
    try {
      for (const [key, entry] of Object.entries(EXPECTED)) {
        const [method, route] = key.split(' ') as [string, string]
        const url = entry.sample(ids)
        const expected = entry.expect[role]
        const { outcome, headers } = await outcomeOf(context, method, url)
        expectSecurityHeaders(headers, entry.html && outcome.status === 200, `${method} ${url}`)
        const wanted: Outcome = typeof expected === 'number' ? { status: expected } : expected
        const got: Outcome = {
          status: outcome.status,
          ...(wanted.location ? { location: outcome.location } : {}),
          ...(wanted.h1 ? { h1: outcome.h1 } : {}),
        }
        if (outcome.status >= 500 || JSON.stringify(got) !== JSON.stringify(wanted)) {
          mismatches.push(
            `${method} ${route} (${url}): expected ${JSON.stringify(wanted)}, got ${JSON.stringify(outcome)}`,
          )
        }
      }
    } finally {
      await context.dispose()
    }
    expect(mismatches).toEqual([])
  })
}
