import { CandidateSheet } from '@/components/candidates/candidate-sheet'
import { pageMetadata } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('candidate')

export default async function CandidatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return <CandidateSheet id={id} section="identite" />
}
