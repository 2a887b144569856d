import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { buttonClass } from '@/components/ui/button'
import { homeFor } from '@/lib/auth/home'
import { requireUser } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('onboardingEnd')

export default async function OnboardingEndPage() {
  const user = await requireUser()
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-8">
      <PageHeader title={await pageTitle('onboardingEnd')} subtitle="Votre espace Passerelle est prêt." />
      <Link href={homeFor(user)} className={buttonClass('primary')}>Accéder à Passerelle</Link>
    </section>
  )
}
