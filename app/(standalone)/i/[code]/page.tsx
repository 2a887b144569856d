import type { Metadata } from 'next'
import { cookies, headers } from 'next/headers'
import { notFound } from 'next/navigation'
import { InvitationScreen } from '@/components/invitations/booking/invitation-screen'
import { clientIp } from '@/lib/auth/client-ip'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { openInvitation, proofCookie } from '@/lib/invitations/public-page'
import { THROTTLED } from '@/lib/invitations/public-throttle'

export const metadata: Metadata = { title: 'Votre invitation' }

/**
 * /i/<CODE>: an invitation's page, signed out. The code is counted per address when unknown (a brute force is
 * throttled); the name check's cookie says whether the booking may be shown.
 */
export default async function InvitationPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()])
  const opened = await openInvitation(
    getDb(),
    code,
    jar.get(proofCookie(0).name)?.value,
    clientIp(requestHeaders),
    now(),
  )
  if (opened.kind === 'invalid' || opened.kind === 'unknown') notFound()
  if (opened.kind === 'throttled')
    return (
      <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Trop d’essais</h1>
        <p role="alert" className="text-sm text-slate-800">
          {THROTTLED}
        </p>
      </section>
    )
  return <InvitationScreen view={opened.view} />
}
