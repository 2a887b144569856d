import { notFound } from 'next/navigation'
import { ModelEditor } from '@/components/fup-models/model-editor'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import Link from '@/components/ui/link'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { getFupModel } from '@/lib/fup-models/models'

export const generateMetadata = pageMetadata('settingsModele')

/** A FUP model of the organisation; another organisation's id, or an unknown one, is "not found". */
export default async function SettingsModelePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const model = await getFupModel(getDb(), user.organisationId, (await params).id)
  if (!model) notFound()
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/v2/settings/modeles">Modèles de documents</Link>
      </p>
      <PageHeader
        title={model.name}
        subtitle={`${model.structureName} · ${model.offerName ?? 'toutes les offres de la structure'}`}
      />
      <ModelEditor
        key={model.updatedAt.toISOString()}
        id={model.id}
        name={model.name}
        fields={model.additionalFields}
        logos={model.sponsorsLogo}
      />
    </>
  )
}
