import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('referralConfirmation')

export default async function ReferralConfirmationPage() {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-8">
      <PageHeader title={await pageTitle('referralConfirmation')} />
      <p className="text-slate-700">Merci. L’organisation a reçu votre orientation et reviendra vers vous si nécessaire.</p>
    </section>
  )
}
