import { getDb } from '@/lib/db/client'
import { formatPhone } from '@/lib/phone'
import { defineRoute, json } from '@/lib/frame/route'
import { registrationsOf } from '@/lib/workshops/queries'

/**
 * GET: a workshop's registrations (seated by name, then the waitlist in order), for its organisation's users holding
 * workshops.visualize. The workshop's page reads them from the browser, so that its first byte never waits for them.
 */
export const GET = defineRoute({
  name: 'workshops.registrations',
  permission: 'workshops.visualize',
  tenant: 'organisation',
  hide: true,
  ids: ['id'],
  messages: { signedOut: 'Connectez-vous pour voir les inscrits.', notFound: 'Cet atelier est introuvable.' },
  run: async ({ organisationId, params }) => {
    const rows = await registrationsOf(getDb(), organisationId, params.id!)
    return json(
      {
        rows: rows.map((r) => ({
          id: r.id,
          candidateId: r.candidateId,
          firstName: r.firstName,
          lastName: r.lastName,
          phone: formatPhone(r.phone),
          place: r.place,
          status: r.status,
          attendance: r.attendance,
        })),
      },
      { headers: { 'cache-control': 'private, no-store' } },
    )
  },
})
