import { NotYetAvailable } from '@/components/layout/not-yet-available'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireUser } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('onboardingForm')

export default async function OnboardingFormPage() {
  await requireUser()
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-8">
      <PageHeader title={await pageTitle('onboardingForm')} />
      <NotYetAvailable what="Le formulaire de profil" />
    </section>
  )
}
