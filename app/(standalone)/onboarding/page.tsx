import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { buttonClass } from '@/components/ui/button'
import { requireUser } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('onboarding')

export default async function OnboardingPage() {
  await requireUser()
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-8">
      <PageHeader title={await pageTitle('onboarding')} subtitle="Quelques informations sur vous, et votre espace est prêt." />
      <Link href="/onboarding/form" className={buttonClass('primary')}>Commencer</Link>
    </section>
  )
}
