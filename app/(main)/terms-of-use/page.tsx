import { LegalPage } from '@/components/layout/legal-page'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('termsOfUse')

export default async function TermsOfUsePage() {
  return (
    <LegalPage title={await pageTitle('termsOfUse')}>
      <p>Passerelle est réservé aux professionnels de l’insertion et aux structures partenaires qu’un administrateur a inscrits.</p>
      <p>Votre compte est personnel : ne partagez ni votre mot de passe ni vos codes de vérification.</p>
      <p>Vous n’utilisez les informations des personnes accompagnées que pour leur accompagnement, dans le respect du secret professionnel.</p>
    </LegalPage>
  )
}
