import { pageMetadata } from '@/components/layout/page-metadata'
import { CandidateSheetPage } from './sheet-page'

export const generateMetadata = pageMetadata('candidate')

/** /v2/candidate/{id}: the sheet's overview, its default view. */
export default async function CandidatePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>
  searchParams: Promise<{ edit?: string | string[] }>
}) {
  const [{ id }, { edit }] = await Promise.all([params, searchParams])
  return <CandidateSheetPage id={id} section="apercu" edit={edit === '1'} />
}
