import { redirect } from 'next/navigation'
import { CandidateImport } from '@/components/imports/candidate-import'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { requireOrganisationUser } from '@/lib/auth/session'
import { can, GUARD_REDIRECT } from '@/lib/permissions'

export const generateMetadata = pageMetadata('candidatesImport')

export default async function CandidatesImportPage() {
  const user = await requireOrganisationUser()
  if (!can(user, 'candidate.modify')) redirect(GUARD_REDIRECT)
  return (
    <>
      <PageHeader
        title={await pageTitle('candidatesImport')}
        subtitle="Ajoutez des candidats depuis un fichier CSV ou Excel. Rien n’est enregistré avant votre confirmation."
      />
      <CandidateImport />
    </>
  )
}
