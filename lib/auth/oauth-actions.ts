'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { z } from 'zod'
import { defineAction, FORM } from '@/lib/frame/action'
import { logError } from '@/lib/log'
import { appUrl } from './app-url'
import { getAuth, LOGIN_PATH } from './auth'
import { safeCallbackPath } from './callback-url'
import { configuredProviders } from './identity-providers'

/**
 * Starts an OpenID Connect sign-in: better-auth stores the state (32 random characters, hashed in the database
 * and bound to a signed cookie), the PKCE verifier and the nonce, then the browser goes to the provider.
 * The return path is one of ours (safeCallbackPath); errors come back to the login page as `?error=code`.
 */
export const signInWithProviderAction = defineAction({
  name: 'auth.oauth-start',
  session: 'none',
  navigates: true,
  input: z.tuple([FORM]),
  run: async ({ input: [formData] }): Promise<never> => {
    const provider = String(formData.get('provider') ?? '')
    if (!configuredProviders().some((p) => p.id === provider)) redirect(`${LOGIN_PATH}?error=oauth_provider_not_found`)
    const base = appUrl()
    let url: string | undefined
    try {
      const result = await getAuth().api.signInSocial({
        body: {
          provider,
          callbackURL: `${base}${safeCallbackPath(String(formData.get('callbackURL') ?? '')) ?? '/'}`,
          errorCallbackURL: `${base}${LOGIN_PATH}`,
          disableRedirect: true,
        },
        headers: await headers(),
      })
      url = result.url
    } catch (error) {
      // The provider is out of reach: the login page says so, and offers the password.
      logError('auth.oauth-start', error)
    }
    redirect(url ?? `${LOGIN_PATH}?error=provider_unavailable`)
  },
})
