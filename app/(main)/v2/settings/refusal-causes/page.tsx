import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { RefusalCausesForm } from '@/components/settings/refusal-causes-form'
import { organisationCauses } from '@/lib/prescriptions/causes'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'

export const generateMetadata = pageMetadata('settingsRefusalCauses')

/** The organisation's refusal causes — the spec's six by default, renamed, disabled or completed. */
export default async function SettingsRefusalCausesPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const causes = await organisationCauses(getDb(), user.organisationId)
  return (
    <>
      <PageHeader
        title={await pageTitle('settingsRefusalCauses')}
        subtitle={
          'Les motifs qu’un partenaire ou un référent choisit quand un candidat n’est pas intégré. Un motif renommé garde son code\u00a0: les réponses passées affichent le nouveau libellé.'
        }
      />
      <RefusalCausesForm causes={causes} />
    </>
  )
}
