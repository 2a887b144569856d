import { LegalPage } from '@/components/layout/legal-page'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { TERMS_VERSION_LABEL } from '@/lib/onboarding/terms'

export const generateMetadata = pageMetadata('termsOfUse')

export default async function TermsOfUsePage() {
  return (
    <LegalPage title={await pageTitle('termsOfUse')}>
      <p>
        Passerelle est réservé aux professionnels de l’insertion et aux structures partenaires qu’un administrateur a
        inscrits.
      </p>
      <p>Votre compte est personnel&nbsp;: ne partagez ni votre mot de passe ni vos codes de vérification.</p>
      <p>
        Vous n’utilisez les informations des personnes accompagnées que pour leur accompagnement, dans le respect du
        secret professionnel.
      </p>
      <p>
        Vous ne saisissez dans les champs libres (commentaires, diagnostics, motifs) que ce qui est utile à
        l’accompagnement, sans jugement ni détail de santé qui ne soit nécessaire.
      </p>
      <p className="text-sm text-slate-600">
        Conditions d’utilisation, {TERMS_VERSION_LABEL}. Quand elles changent, Passerelle vous demande de les accepter à
        nouveau.
      </p>
    </LegalPage>
  )
}
