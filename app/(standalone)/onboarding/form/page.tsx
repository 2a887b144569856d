import { redirect } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { OnboardingForm } from '@/components/onboarding/onboarding-form'
import { signOutAction } from '@/lib/auth/actions'
import { requireUser } from '@/lib/auth/session'
import { isPartnerUser } from '@/lib/permissions'
import { getDb } from '@/lib/db/client'
import { onboardingProfile } from '@/lib/onboarding/profile'
import { TERMS_VERSION, TERMS_VERSION_LABEL } from '@/lib/onboarding/terms'

export const generateMetadata = pageMetadata('onboardingForm')

/** The profile, the terms of use, the emails wanted, the second factor when required. */
export default async function OnboardingFormPage() {
  const user = await requireUser({ allowNotOnboarded: true })
  const profile = await onboardingProfile(getDb(), user.id)
  if (!profile) redirect('/v2/login')
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <PageHeader title={await pageTitle('onboardingForm')} />
      {profile.termsVersion && profile.termsVersion !== TERMS_VERSION && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Les conditions d’utilisation ont changé&nbsp;: relisez-les et acceptez-les pour continuer.
        </p>
      )}
      <OnboardingForm
        initial={{
          phone: profile.phone ?? '',
          jobTitle: profile.jobTitle ?? '',
          acceptTerms: false,
          notifyPrescriptionAnswers: profile.notifyPrescriptionAnswers,
          notifyOrientations: profile.notifyOrientations,
          notifyLateItems: profile.notifyLateItems,
        }}
        termsLabel={TERMS_VERSION_LABEL}
        partner={isPartnerUser(user)}
        secondFactor={{ required: profile.secondFactorRequired, email: user.email }}
      />
      <form action={signOutAction} className="border-t border-slate-200 pt-3 text-sm">
        <button type="submit" className="text-brand-700 underline">
          Se déconnecter
        </button>
      </form>
    </section>
  )
}
