import { ExportsScreen } from '@/components/exports/exports-screen'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requirePagePermission } from '@/lib/auth/session'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { datasetChoices, SMS_STATUS_CHOICES, STATE_CHOICES } from '@/lib/exports/datasets'
import { exportsOfUser } from '@/lib/exports/queries'
import { notFound } from 'next/navigation'

export const generateMetadata = pageMetadata('exports')

/** Exports run in the background; each user sees and downloads their own. */
export default async function ExportsPage() {
  const user = await requirePagePermission('settings.exports.visualize')
  if (!user.organisationId) notFound()
  const db = getDb()
  const settings = await candidateSettings(db, user.organisationId)
  const mine = await exportsOfUser(db, { organisationId: user.organisationId, userId: user.id })
  return (
    <>
      <PageHeader
        title={await pageTitle('exports')}
        subtitle={'Candidats, prescriptions et réponses, journal des SMS\u00a0: en CSV ou en Excel.'}
      />
      <ExportsScreen
        datasets={datasetChoices()}
        customFields={settings.customFields.map((f) => ({ value: f.key, label: f.label }))}
        statuses={settings.statuses.map((s) => ({ value: s.id, label: s.label }))}
        places={settings.places.map((p) => ({ value: p.id, label: p.label }))}
        states={STATE_CHOICES}
        smsStatuses={SMS_STATUS_CHOICES}
        initial={mine.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          expiresAt: r.expiresAt?.toISOString() ?? null,
        }))}
        now={now().toISOString()}
      />
    </>
  )
}
