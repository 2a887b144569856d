import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { jsonRoute } from '@/lib/http/route'
import { can } from '@/lib/permissions'
import { formatPhone } from '@/lib/format'
import { registrationsOf } from '@/lib/workshops/queries'

const NOT_FOUND = { error: 'Cet atelier est introuvable.' }

/**
 * GET: a workshop's registrations (seated by name, then the waitlist in order), for its organisation's users holding
 * workshops.visualize. The workshop's page reads them from the browser, so that its first byte never waits for them.
 */
export const GET = jsonRoute(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const user = await getActiveUser()
  if (!user) return Response.json({ error: 'Connectez-vous pour voir les inscrits.' }, { status: 401 })
  const { id } = await params
  if (!user.organisationId || !can(user, 'workshops.visualize') || !isUuid(id))
    return Response.json(NOT_FOUND, { status: 404 })
  const rows = await registrationsOf(getDb(), user.organisationId, id)
  return Response.json(
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
})
