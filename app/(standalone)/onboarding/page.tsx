import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { buttonClass } from '@/components/ui/button'
import { signOutAction } from '@/lib/auth/actions'
import { requireUser } from '@/lib/auth/session'
import { isPartnerUser } from '@/lib/permissions'

export const generateMetadata = pageMetadata('onboarding')

/** The greeting of a user's first sign-in (or of a new version of the terms of use). */
export default async function OnboardingPage() {
  const user = await requireUser({ allowNotOnboarded: true })
  const partner = isPartnerUser(user)
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <PageHeader
        title={await pageTitle('onboarding')}
        subtitle={`Bonjour ${user.firstName}, quelques informations sur vous, et votre espace est prêt.`}
      />
      <p>
        {partner
          ? 'Passerelle vous apporte les candidats que les référents prescrivent à vos offres. Vous leur répondez sur une fiche de suivi, et la réponse leur revient.'
          : 'Passerelle vous aide à accompagner les personnes vers l’emploi\u00a0: leurs fiches, les prescriptions aux offres des partenaires, les ateliers, les parcours et les SMS.'.replace(
              ' :',
              '\u00a0:',
            )}
      </p>
      <p>
        Cela prend une minute&nbsp;: votre fonction, votre téléphone, les conditions d’utilisation et les emails que
        vous souhaitez recevoir.
      </p>
      <div>
        <Link href="/onboarding/form" className={buttonClass('primary')}>
          Commencer
        </Link>
      </div>
      <form action={signOutAction} className="border-t border-slate-200 pt-3 text-sm">
        <button type="submit" className="text-brand-700 underline">
          Se déconnecter
        </button>
      </form>
    </section>
  )
}
