import { redirect } from 'next/navigation'
import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { buttonClass } from '@/components/ui/button'
import { onboardedHomeFor } from '@/lib/auth/home'
import { requireUser } from '@/lib/auth/session'

export const generateMetadata = pageMetadata('onboardingEnd')

/** Onboarding done; the way to the role's home. Not done yet: back to the form. */
export default async function OnboardingEndPage() {
  const user = await requireUser({ allowNotOnboarded: true })
  if (!user.onboarded) redirect('/onboarding/form')
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <PageHeader title={await pageTitle('onboardingEnd')} subtitle="Votre espace Passerelle est prêt." />
      <p>
        Vous pourrez changer votre mot de passe et la sécurité de votre compte à tout moment, depuis le haut de chaque
        page.
      </p>
      <div>
        <Link href={onboardedHomeFor(user)} className={buttonClass('primary')}>
          Accéder à Passerelle
        </Link>
      </div>
    </section>
  )
}
