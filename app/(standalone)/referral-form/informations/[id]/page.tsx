import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { ReferralForm } from '@/components/referrals/referral-form'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { usableLink } from '@/lib/referrals/links'
import { formChoices } from '@/lib/referrals/submit'

export const generateMetadata = pageMetadata('referralInformations')

/**
 * /referral-form/informations/{token}: the form of one referral link (issue 14 §1). An unknown, disabled or expired
 * link shows the referral form's own "not valid" page (not-found.tsx of this segment), and nothing more.
 */
export default async function ReferralInformationsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const db = getDb()
  const link = await usableLink(db, id, now())
  if (!link) notFound()
  const choices = await formChoices(db, link.organisationId)
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <PageHeader title={await pageTitle('referralInformations')} subtitle={`Orientation vers ${link.organisationName}`} />
      <p className="mb-6 text-sm text-slate-700">
        Remplissez ce formulaire avec l’accord de la personne. {link.organisationName} l’étudie et vous répond par email. Les champs marqués «&nbsp;obligatoire&nbsp;» sont nécessaires.
      </p>
      <ReferralForm token={id} organisationName={link.organisationName} places={choices.places} needs={choices.needs.map((n) => ({ id: n.id, label: n.name }))} />
    </section>
  )
}
