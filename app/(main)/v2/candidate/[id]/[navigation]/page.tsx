import { notFound } from 'next/navigation'
import { pageMetadata } from '@/components/layout/page-metadata'
import { isCandidateSection } from '@/lib/candidates/sheet/sections'
import { CandidateSheetPage } from '../sheet-page'

export const generateMetadata = pageMetadata('candidate')

/**
 * /v2/candidate/{id}/{navigation}: identite, situation, diagnostic, prescriptions, emploi, ateliers, parcours, sms,
 * historique or consultations (administrators); any other section is a 404, the overview's name too (its address is
 * /v2/candidate/{id}).
 */
export default async function CandidateSectionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; navigation: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const [{ id, navigation }, query] = await Promise.all([params, searchParams])
  const { edit, avant } = query
  if (!isCandidateSection(navigation) || navigation === 'apercu') notFound()
  return (
    <CandidateSheetPage
      id={id}
      section={navigation}
      edit={edit === '1'}
      before={typeof avant === 'string' ? avant : undefined}
      query={navigation === 'consultations' ? query : undefined}
    />
  )
}
