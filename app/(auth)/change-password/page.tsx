import type { Metadata } from 'next'
import Link from '@/components/ui/link'
import { getTranslations } from 'next-intl/server'
import { ChangePasswordForm } from '@/components/auth/change-password-form'
import { FormAlert } from '@/components/auth/form-alert'
import { homeFor } from '@/lib/auth/home'
import { requireUser } from '@/lib/auth/session'

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('changePasswordTitle') }
}

export default async function ChangePasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const user = await requireUser({ allowNotOnboarded: true })
  const t = await getTranslations('auth')
  const changed = (await searchParams).changed === '1'
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t('changePasswordTitle')}</h1>
      {changed ? (
        <FormAlert tone="success">{t('passwordChanged')}</FormAlert>
      ) : (
        <>
          <p className="mb-6 text-sm text-slate-600">{t('changePasswordIntro')}</p>
          <ChangePasswordForm />
        </>
      )}
      <p className="mt-6 border-t border-slate-200 pt-4 text-sm">
        <Link href="/double-auth">{t('doubleAuthTitle')}</Link> · <Link href={homeFor(user)}>{t('backToApp')}</Link>
      </p>
    </>
  )
}
