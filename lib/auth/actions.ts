'use server'

import { APIError } from 'better-auth/api'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { eq } from 'drizzle-orm'
import { logError } from '@/lib/log'
import { homeFor } from './home'
import { getAuth } from './auth'

export type SignInState = { error?: string; fieldErrors?: { email?: string; password?: string }; email?: string }

const signInSchema = z.object({
  email: z.string().trim().toLowerCase().email('invalidEmail'),
  password: z.string().min(1, 'passwordRequired'),
})

export async function signInAction(_prev: SignInState, formData: FormData): Promise<SignInState> {
  const t = await getTranslations('auth')
  const parsed = signInSchema.safeParse({ email: formData.get('email'), password: formData.get('password') })
  const email = String(formData.get('email') ?? '')
  if (!parsed.success) {
    const fieldErrors: SignInState['fieldErrors'] = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as 'email' | 'password'
      fieldErrors[field] ??= t(issue.message as 'invalidEmail' | 'passwordRequired')
    }
    return { fieldErrors, email }
  }
  let role = ''
  try {
    const result = await getAuth().api.signInEmail({ body: parsed.data, headers: await headers() })
    const [row] = await getDb().select({ role: users.role }).from(users).where(eq(users.id, result.user.id))
    role = row?.role ?? ''
  } catch (error) {
    if (error instanceof APIError) {
      return { error: error.status === 'TOO_MANY_REQUESTS' ? t('tooManyAttempts') : t('invalidCredentials'), email }
    }
    logError('auth.sign-in', error)
    return { error: t('genericError'), email }
  }
  redirect(homeFor({ role }))
}

export async function signOutAction(): Promise<void> {
  await getAuth().api.signOut({ headers: await headers() })
  redirect('/v2/login')
}
