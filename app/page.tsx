import { redirect } from 'next/navigation'
import { homeFor } from '@/lib/auth/home'
import { requireUser } from '@/lib/auth/session'

export default async function Home() {
  redirect(homeFor(await requireUser()))
}
