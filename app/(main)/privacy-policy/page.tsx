import { LegalPage } from '@/components/layout/legal-page'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('privacyPolicy')

export default async function PrivacyPolicyPage() {
  return (
    <LegalPage title={await pageTitle('privacyPolicy')}>
      <p>Passerelle traite les données des personnes accompagnées pour organiser leur accompagnement vers l’emploi et leurs orientations vers des structures partenaires.</p>
      <p>Une structure partenaire ne voit que les personnes qui lui ont été prescrites, et seulement ce que la prescription contient.</p>
      <p>Le numéro de sécurité sociale n’apparaît jamais dans les exports ; chaque consultation est enregistrée.</p>
    </LegalPage>
  )
}
