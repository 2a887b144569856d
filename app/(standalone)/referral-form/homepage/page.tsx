import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('referralHomepage')

/** Public: partners who do not use Passerelle orient a person through the link an organisation gave them. */
export default async function ReferralHomepage() {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-8">
      <PageHeader title={await pageTitle('referralHomepage')} />
      <p className="text-slate-700">Ce formulaire permet d’orienter une personne vers une organisation qui utilise Passerelle. Ouvrez le lien personnel que cette organisation vous a transmis pour le remplir.</p>
    </section>
  )
}
