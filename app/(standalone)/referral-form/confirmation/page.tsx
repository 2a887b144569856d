import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('referralConfirmation')

/** After a referral form is sent (issue 14 §1). */
export default async function ReferralConfirmationPage() {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <PageHeader title={await pageTitle('referralConfirmation')} />
      <p className="text-slate-800">Merci. L’organisation a bien reçu votre orientation.</p>
      <p className="text-slate-800">Elle l’étudie et vous répondra par email, que la personne soit accompagnée ou non.</p>
    </section>
  )
}
