import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EMPTY_WORKSHOP, WorkshopForm } from '@/components/workshops/workshop-form'
import { requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { partnerStructureChoices } from '@/lib/partners/queries'
import { staffChoices } from '@/lib/workshops/form-values'
import { organisationStaff } from '@/lib/workshops/queries'
import { notFound } from 'next/navigation'

export const generateMetadata = pageMetadata('workshopsCreate')

/** (workshops.modify) A collective session, its seats and facilitators. */
export default async function WorkshopsCreatePage() {
  const user = await requirePagePermission('workshops.modify')
  if (!user.organisationId) notFound()
  const db = getDb()
  const [staff, structures] = await Promise.all([
    organisationStaff(db, user.organisationId),
    partnerStructureChoices(db, user.organisationId, true),
  ])
  return (
    <>
      <PageHeader
        title={await pageTitle('workshopsCreate')}
        subtitle={
          'Une séance collective\u00a0: ses places, son lieu, ses animateurs. Les candidats inscrits reçoivent leur convocation par SMS.'
        }
      />
      <WorkshopForm
        initial={{ ...EMPTY_WORKSHOP, facilitatorIds: [user.id] }}
        staff={staffChoices(staff)}
        structures={structures}
      />
    </>
  )
}
