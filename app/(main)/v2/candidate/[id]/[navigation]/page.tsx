import { notFound } from 'next/navigation'
import { CandidateSheet, isCandidateSection } from '@/components/candidates/candidate-sheet'
import { pageMetadata } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('candidate')

export default async function CandidateSectionPage({ params }: { params: Promise<{ id: string; navigation: string }> }) {
  const { id, navigation } = await params
  if (!isCandidateSection(navigation)) notFound()
  return <CandidateSheet id={id} section={navigation} />
}
