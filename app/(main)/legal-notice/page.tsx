import { LegalPage } from '@/components/layout/legal-page'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('legalNotice')

export default async function LegalNoticePage() {
  return (
    <LegalPage title={await pageTitle('legalNotice')}>
      <p>
        Passerelle est un service de l’organisation qui vous a ouvert votre compte&nbsp;: elle en est l’éditeur et le
        responsable de publication.
      </p>
      <p>Pour toute question sur le service, adressez-vous à votre administrateur Passerelle.</p>
    </LegalPage>
  )
}
