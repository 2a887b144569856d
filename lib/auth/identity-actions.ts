'use server'

import { headers } from 'next/headers'
import { revalidatePath } from 'next/cache'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction, FORM } from '@/lib/frame/action'
import { logError } from '@/lib/log'
import { appUrl } from './app-url'
import { getAuth } from './auth'
import { loginPathFor } from './callback-url'
import { ACCOUNT_PATH, startIdentityLink } from './identity-links'
import { configuredProviders, type ProviderId } from './identity-providers'
import { removeOwnIdentity } from './own-identities'

/** The account page's own: a signed-in user (before onboarding too) acting on themselves only. */
const account = { session: 'signed-in', permission: null, tenant: 'any' } as const

/**
 * "Associer mon compte …": the signed-in user's own session starts the provider's round trip; nothing here names
 * another user. A refusal comes back to the account page as `?error=<code>` (ids and codes only in the URL).
 */
export const linkIdentityAction = defineAction({
  ...account,
  name: 'auth.identity-link',
  navigates: true,
  signedOut: loginPathFor(ACCOUNT_PATH),
  input: z.tuple([FORM]),
  run: async ({ user, input: [formData] }): Promise<never> => {
    if (!user.sessionId) redirect(loginPathFor(ACCOUNT_PATH))
    const offered = configuredProviders().map((p) => p.id)
    const provider = String(formData.get('provider') ?? '')
    let destination = `${ACCOUNT_PATH}?error=unknown-provider`
    if (offered.includes(provider as ProviderId)) {
      try {
        const started = await startIdentityLink(getAuth(), getDb(), {
          userId: user.id,
          sessionId: user.sessionId,
          providerId: provider as ProviderId,
          offered,
          returnURL: `${appUrl()}${ACCOUNT_PATH}`,
          requestHeaders: await headers(),
        })
        destination = started.ok ? started.url : `${ACCOUNT_PATH}?error=${started.reason}`
      } catch (error) {
        logError('auth.identity-link-start', error)
        destination = `${ACCOUNT_PATH}?error=unavailable`
      }
    }
    redirect(destination)
  },
})

export type RemoveIdentityState = { ok?: boolean; message?: string; error?: string }

/** "Retirer": one of the signed-in user's own identities; anyone else's is "not found". */
export const removeOwnIdentityAction = defineAction({
  ...account,
  name: 'auth.identity-remove',
  failed: async () => (await getTranslations('auth'))('genericError'),
  input: z.tuple([z.unknown()]),
  run: async ({ user, input: [accountRowId] }): Promise<RemoveIdentityState> => {
    const t = await getTranslations('auth')
    if (!user.sessionId || typeof accountRowId !== 'string' || !accountRowId || accountRowId.length > 100)
      return { error: t('identityNotFound') }
    const removed = await removeOwnIdentity(getDb(), { userId: user.id, sessionId: user.sessionId }, accountRowId)
    if (!removed.ok) return { error: t(removed.reason === 'last-way' ? 'identityRemoveLastWay' : 'identityNotFound') }
    revalidatePath(ACCOUNT_PATH)
    return { ok: true, message: t('identityRemoved') }
  },
})
