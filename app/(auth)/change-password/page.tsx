import type { Metadata } from 'next'
import Link from '@/components/ui/link'
import { getTranslations } from 'next-intl/server'
import { ChangePasswordForm } from '@/components/auth/change-password-form'
import { FormAlert } from '@/components/auth/form-alert'
import { OwnIdentities } from '@/components/auth/own-identities'
import { PrescriptionMailsForm } from '@/components/account/prescription-mails-form'
import { homeFor } from '@/lib/auth/home'
import { configuredProviders } from '@/lib/auth/identity-providers'
import { ownIdentities } from '@/lib/auth/own-identities'
import { requireUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { prescriptionMailsOf } from '@/lib/prescriptions/digest-choice'

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('changePasswordTitle') }
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

/**
 * "Sécurité du compte": the user's password and their own sign-in identities (linked and removed here only); for a
 * partner user, how they hear of their structure's prescriptions (one mail each, or a daily or weekly digest).
 */
export default async function ChangePasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const user = await requireUser({ allowNotOnboarded: true, returnTo: '/change-password' })
  const t = await getTranslations('auth')
  const params = await searchParams
  const changed = first(params.changed) === '1'
  const [identities, prescriptionMails] = await Promise.all([
    ownIdentities(getDb(), user.id),
    user.onboarded ? prescriptionMailsOf(getDb(), user.id) : null,
  ])
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
      <OwnIdentities
        identities={identities}
        offered={configuredProviders().map((p) => p.id)}
        linked={first(params.linked)}
        error={first(params.error)}
      />
      {prescriptionMails && <PrescriptionMailsForm initial={prescriptionMails} />}
      <p className="mt-6 border-t border-slate-200 pt-4 text-sm">
        <Link href="/double-auth">{t('doubleAuthTitle')}</Link> · <Link href={homeFor(user)}>{t('backToApp')}</Link>
      </p>
    </>
  )
}
