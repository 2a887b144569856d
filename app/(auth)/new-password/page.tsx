import type { Metadata } from 'next'
import Link from '@/components/ui/link'
import { getTranslations } from 'next-intl/server'
import { FormAlert } from '@/components/auth/form-alert'
import { NewPasswordForm } from '@/components/auth/new-password-form'
import { getAuth } from '@/lib/auth/auth'
import { resetTokenIsUsable } from '@/lib/auth/reset-token'

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('newPasswordTitle'), referrer: 'no-referrer' }
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>

/** Opened from the emailed reset link (?token=…): a used, expired or forged token is told at once. */
export default async function NewPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).token
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? ''
  const t = await getTranslations('auth')
  const usable = await resetTokenIsUsable(getAuth(), token)
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t('newPasswordTitle')}</h1>
      {usable ? (
        <>
          <p className="mb-6 text-sm text-slate-600">{t('newPasswordIntro')}</p>
          <NewPasswordForm token={token} />
        </>
      ) : (
        <div className="flex flex-col gap-4">
          <FormAlert tone="error">{t('resetTokenInvalid')}</FormAlert>
          <Link href="/v2/login?mode=reset">{t('requestNewLink')}</Link>
        </div>
      )}
    </>
  )
}
