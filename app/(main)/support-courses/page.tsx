import { redirect } from 'next/navigation'

/** /support-courses has no screen of its own in the spec: it opens the dashboard. */
export default function SupportCoursesPage() {
  redirect('/support-courses/dashboard')
}
