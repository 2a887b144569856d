import { notFound } from 'next/navigation'
import { CreateModelDialog } from '@/components/fup-models/create-model-dialog'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listFupModels } from '@/lib/fup-models/models'
import { formatNumber } from '@/lib/numbers'

export const generateMetadata = pageMetadata('settingsModeles')

/** The organisation's FUP models — additional fields and sponsor logos per partner structure or offer. */
export default async function SettingsModelesPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const db = getDb()
  const models = await listFupModels(db, user.organisationId)
  const title = await pageTitle('settingsModeles')
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Les champs qu’un partenaire demande en plus sur ses fiches de prescription, et les logos de ses financeurs."
        actions={<CreateModelDialog />}
      />
      {models.length === 0 ? (
        <EmptyState title="Aucun modèle de fiche.">
          Sans modèle, une fiche de prescription reprend la fiche du candidat et ses champs personnalisés.
        </EmptyState>
      ) : (
        <SimpleTable
          caption="Modèles de fiches de prescription"
          headers={['Modèle', 'Structure partenaire', 'Offre', 'Champs', 'Logos']}
          rows={models.map((m) => ({
            key: m.id,
            cells: [
              <Link key="n" href={`/v2/settings/modeles/${m.id}`}>
                {m.name}
              </Link>,
              m.structureName,
              m.offerName ?? 'Toutes les offres',
              formatNumber(m.fields),
              formatNumber(m.logos),
            ],
          }))}
        />
      )}
    </>
  )
}
