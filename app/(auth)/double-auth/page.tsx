import type { Metadata } from 'next'
import Link from '@/components/ui/link'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { FormAlert } from '@/components/auth/form-alert'
import { SecondFactorForm } from '@/components/auth/second-factor-form'
import { TotpSetup } from '@/components/auth/totp-setup'
import { getDb } from '@/lib/db/client'
import { getAuth } from '@/lib/auth/auth'
import { loginPathFor, safeCallbackPath } from '@/lib/auth/callback-url'
import { homeFor } from '@/lib/auth/home'
import { pendingSecondFactorUserId } from '@/lib/auth/second-factor-challenge'
import { getCurrentUser } from '@/lib/auth/session'
import { hasConfirmedTotp, secondFactorStatus } from '@/lib/auth/two-factor-queries'

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('doubleAuthTitle') }
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

/**
 * During a sign-in (better-auth's two-factor cookie): asks for the second factor. Signed in: shows whether it
 * is on or required, and sets up an authenticator app. Otherwise: back to the login page.
 */
export default async function DoubleAuthPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const t = await getTranslations('auth')
  const db = getDb()
  const user = await getCurrentUser()
  if (user) {
    const status = await secondFactorStatus(db, user.id)
    return (
      <>
        <h1 className="mb-2 text-xl font-semibold">{t('doubleAuthTitle')}</h1>
        <div className="mb-6">
          <FormAlert tone="info">
            {status.required ? t('secondFactorRequired') : status.enabled ? t('secondFactorOn') : t('secondFactorOff')}
          </FormAlert>
        </div>
        <h2 className="mb-2 font-semibold">{t('totpSetupTitle')}</h2>
        {/* Always the same component: once the app is confirmed, its backup codes stay on screen (shown once). */}
        <TotpSetup needsPassword={status.password} active={status.totp} />
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm">
          <Link href="/change-password">{t('changePasswordTitle')}</Link> ·{' '}
          <Link href={homeFor(user)}>{t('backToApp')}</Link>
        </p>
      </>
    )
  }
  const pendingUserId = await pendingSecondFactorUserId(getAuth(), await headers())
  if (!pendingUserId) redirect(loginPathFor(first(params.callbackURL)))
  const hasTotp = await hasConfirmedTotp(db, pendingUserId)
  const asked = first(params.method)
  // The app's code and its backup codes only exist once an app was set up.
  const method = hasTotp && (asked === 'totp' || asked === 'backup') ? asked : 'email'
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t('doubleAuthTitle')}</h1>
      <p className="mb-6 text-sm text-slate-600">{t('doubleAuthIntro')}</p>
      <SecondFactorForm
        key={method}
        method={method}
        hasTotp={hasTotp}
        justSent={first(params.sent) === '1'}
        callbackURL={safeCallbackPath(first(params.callbackURL)) ?? undefined}
      />
    </>
  )
}
