import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { ChallengesForm } from '@/components/settings/challenges-form'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listChallenges } from '@/lib/offers/challenges'

export const generateMetadata = pageMetadata('settingsChallenges')

/** The organisation's challenges ("freins"); the defaults follow the data·inclusion thématiques. */
export default async function SettingsChallengesPage() {
  const user = await requirePagePermission('settings.visualize')
  if (!user.organisationId) notFound()
  const challenges = await listChallenges(getDb(), user.organisationId)
  return (
    <>
      <PageHeader
        title={await pageTitle('settingsChallenges')}
        subtitle={
          'Les freins regroupent les offres sociales par étiquettes\u00a0: une offre dont une étiquette est celle d’un frein s’affiche sous ce frein et dans son filtre. Choisissez les étiquettes parmi les thématiques de data·inclusion (la liste en propose les noms), ou écrivez une étiquette libre\u00a0: un mot que portent vos offres.'
        }
      />
      <ChallengesForm challenges={challenges} />
    </>
  )
}
