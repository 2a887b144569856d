import { createHash } from 'node:crypto'
import { and, eq, gt, like, lt, ne } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { systemNow } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import { accounts, sessions, users, verifications } from '@/lib/db/schema'
import type { ProviderId } from './identity-providers'
import { takeProviderMfa } from './provider-mfa'

/**
 * A user links their own identity-provider login, from their account page, never anyone else's: the link starts
 * from their own session (better-auth's link-social, whose state carries the session's user and is bound to the
 * browser's cookie), only while that session is fresh, and ends on that user at the provider's callback. No
 * administrator has a way to attach a login to someone else's account.
 *
 * Microsoft does not verify the email it returns, and France Travail not always: better-auth links such an identity
 * only from a "trusted provider". The provider is trusted for exactly one callback: the one whose `state` a signed-in
 * user started a link with (its hash kept here for the state's lifetime). A sign-in's callback never is, so an
 * unverified email still links nobody at sign-in.
 */

/** The account page ("Sécurité du compte"), where a user links and removes their own identities. */
export const ACCOUNT_PATH = '/change-password'

/** The session must have been opened this recently: whoever finds a signed-in screen left open cannot link their own login. */
export const LINK_FRESH_MINUTES = 10
/** As long as better-auth keeps the state of the provider's round trip. */
const INTENT_MINUTES = 10
const INTENT_PREFIX = 'identity-link:'
export const LINK_AUDIT_ACTION = 'user.identity-linked'

export type LinkRefusal = 'not-fresh' | 'already-has-provider' | 'unknown-provider'

const intentIdentifier = (state: string) =>
  `${INTENT_PREFIX}${createHash('sha256').update(`passerelle-identity-link:${state}`).digest('base64url')}`

/**
 * Whether this session may start linking `providerId` to its own user: the session is the user's own and was opened
 * less than LINK_FRESH_MINUTES ago, the provider is offered, and the user has no identity of it yet.
 */
export async function mayStartIdentityLink(
  db: DbOrTx,
  input: { userId: string; sessionId: string; providerId: string; offered: readonly string[] },
): Promise<{ ok: true } | { ok: false; reason: LinkRefusal }> {
  if (!input.offered.includes(input.providerId)) return { ok: false, reason: 'unknown-provider' }
  const freshSince = new Date(systemNow().getTime() - LINK_FRESH_MINUTES * 60_000)
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), gt(sessions.createdAt, freshSince)))
  if (!session) return { ok: false, reason: 'not-fresh' }
  const [linked] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, input.userId), eq(accounts.providerId, input.providerId)))
  if (linked) return { ok: false, reason: 'already-has-provider' }
  return { ok: true }
}

/** What startIdentityLink needs of better-auth's instance (its type, not lib/auth/auth.ts, which imports this file). */
type IdentityLinker = {
  api: {
    linkSocialAccount(request: {
      body: { provider: string; callbackURL: string; errorCallbackURL: string; disableRedirect: boolean }
      headers: Headers
      returnHeaders: true
    }): Promise<{ response: { url?: string }; headers: Headers }>
  }
}

export type StartedLink =
  { ok: true; url: string; responseHeaders: Headers } | { ok: false; reason: LinkRefusal | 'unavailable' }

/**
 * "Associer mon compte …": checks the rule above, asks better-auth for the provider's authorization URL (its state
 * tied to this session's user), and keeps the state's hash so that its callback may link an identity whose email the
 * provider did not verify. `requestHeaders` carry the session cookie; `responseHeaders` the state cookie to set.
 */
export async function startIdentityLink(
  auth: IdentityLinker,
  db: DbOrTx,
  input: {
    userId: string
    sessionId: string
    providerId: ProviderId
    offered: readonly string[]
    /** The account page, where the callback comes back (`?linked=<provider>`, or `?error=<code>`). */
    returnURL: string
    requestHeaders: Headers
  },
): Promise<StartedLink> {
  const allowed = await mayStartIdentityLink(db, input)
  if (!allowed.ok) return allowed
  const { response, headers } = await auth.api.linkSocialAccount({
    body: {
      provider: input.providerId,
      callbackURL: `${input.returnURL}?linked=${input.providerId}`,
      errorCallbackURL: input.returnURL,
      disableRedirect: true,
    },
    headers: input.requestHeaders,
    returnHeaders: true,
  })
  const url = response.url
  const state = url ? new URL(url).searchParams.get('state') : null
  if (!url || !state) return { ok: false, reason: 'unavailable' }
  // The states of links never finished are dropped as new ones start: the table keeps no more than the live ones.
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${INTENT_PREFIX}%`), lt(verifications.expiresAt, systemNow())))
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: intentIdentifier(state),
    value: JSON.stringify({ userId: input.userId, providerId: input.providerId }),
    expiresAt: new Date(systemNow().getTime() + INTENT_MINUTES * 60_000),
  })
  return { ok: true, url, responseHeaders: headers }
}

type Intent = { userId: string; providerId: string }

async function readIntent(db: DbOrTx, state: string): Promise<Intent | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, intentIdentifier(state)), gt(verifications.expiresAt, systemNow())))
  if (!row) return null
  try {
    const intent = JSON.parse(row.value) as Intent
    return typeof intent.userId === 'string' && typeof intent.providerId === 'string' ? intent : null
  } catch {
    return null
  }
}

const CALLBACK = /\/callback\/([a-z-]+)$/

/**
 * better-auth's `accountLinking.trustedProviders`, per request: the provider of a callback whose state a user started
 * a link with, else none (the direct API calls and every sign-in).
 */
export async function trustedForLink(db: DbOrTx, request: Request | undefined): Promise<string[]> {
  if (!request || request.method !== 'GET') return []
  const url = new URL(request.url)
  const providerId = CALLBACK.exec(url.pathname)?.[1]
  const state = url.searchParams.get('state')
  if (!providerId || !state) return []
  const intent = await readIntent(db, state)
  return intent?.providerId === providerId ? [providerId] : []
}

/**
 * Before better-auth stores an identity: none that another user already holds (better-auth looks first; this closes
 * the gap between its look and its insert), and a link's identity only on the user who started it.
 */
export async function mayStoreIdentity(
  db: DbOrTx,
  account: { providerId: string; accountId: string; userId: string },
  state: string | null,
): Promise<boolean> {
  if (account.providerId === 'credential') return true
  const [other] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.providerId, account.providerId),
        eq(accounts.accountId, account.accountId),
        ne(accounts.userId, account.userId),
      ),
    )
  if (other) return false
  const intent = state ? await readIntent(db, state) : null
  return !intent || (intent.userId === account.userId && intent.providerId === account.providerId)
}

/**
 * After better-auth stored an identity (a link from the account page, or the first sign-in by an email the provider
 * verified): one audit row, ids only, and the link's state is spent. If the row cannot be written, the identity is
 * taken back: no identity without its audit row.
 */
export async function recordIdentityLinked(
  db: DbOrTx,
  account: { id: string; providerId: string; accountId: string; userId: string },
  state: string | null,
): Promise<void> {
  if (account.providerId === 'credential') return
  try {
    const intent = state ? await readIntent(db, state) : null
    // A link opens no session: a second factor given at the provider for it must not count for a later sign-in.
    if (intent) takeProviderMfa(account.providerId, [account.accountId])
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ organisationId: users.organisationId, structureId: users.structureId })
        .from(users)
        .where(eq(users.id, account.userId))
      await writeAudit(tx, {
        actorId: account.userId,
        organisationId: user?.organisationId ?? null,
        structureId: user?.structureId ?? null,
        action: LINK_AUDIT_ACTION,
        entityType: 'user',
        entityId: account.userId,
        details: { providerId: account.providerId, accountRowId: account.id, via: intent ? 'account' : 'sign-in' },
      })
      if (state) await tx.delete(verifications).where(eq(verifications.identifier, intentIdentifier(state)))
    })
  } catch (error) {
    await db.delete(accounts).where(eq(accounts.id, account.id))
    throw error
  }
}
