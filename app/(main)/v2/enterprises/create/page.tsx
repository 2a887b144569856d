import { redirect } from 'next/navigation'
import { EnterpriseForm } from '@/components/enterprises/enterprise-form'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'
import { can, GUARD_REDIRECT } from '@/lib/permissions'

export const generateMetadata = pageMetadata('enterprisesCreate')

export default async function EnterprisesCreatePage() {
  const user = await requireOrganisationUser()
  if (!can(user, 'enterprises.modify')) redirect(GUARD_REDIRECT)
  return (
    <>
      <PageHeader
        title={await pageTitle('enterprisesCreate')}
        subtitle={
          'Les employeurs avec lesquels vous travaillez\u00a0: leurs offres d’emploi et les candidats que vous y positionnez.'
        }
      />
      <EnterpriseForm />
    </>
  )
}
