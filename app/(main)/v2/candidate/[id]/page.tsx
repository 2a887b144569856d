import { CandidateSheet } from '@/components/candidates/candidate-sheet'
import { pageMetadata } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('candidate')

/** /v2/candidate/{id}: the sheet's overview (issue 32), its default view. */
export default async function CandidatePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>
  searchParams: Promise<{ edit?: string | string[] }>
}) {
  const [{ id }, { edit }] = await Promise.all([params, searchParams])
  return <CandidateSheet id={id} section="apercu" edit={edit === '1'} />
}
