import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { renderSignInSheet } from '@/lib/workshops/sign-in-sheet'
import { jsonRoute } from '@/lib/http/route'

/** GET: the workshop's sign-in sheet (PDF), for its organisation's users holding workshops.visualize. */
export const GET = jsonRoute(async function get(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getActiveUser()
  if (!user) return Response.json({ error: 'Connectez-vous pour télécharger ce document.' }, { status: 401 })
  const { id } = await params
  if (!user.organisationId || !can(user, 'workshops.visualize') || !isUuid(id))
    return Response.json({ error: 'Cet atelier est introuvable.' }, { status: 404 })
  try {
    const sheet = await renderSignInSheet(getDb(), user.organisationId, id)
    if (!sheet) return Response.json({ error: 'Cet atelier est introuvable.' }, { status: 404 })
    return new Response(new Uint8Array(sheet.pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${sheet.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (error) {
    logError('workshop.sign-in-sheet', error)
    return Response.json(
      { error: 'La feuille d’émargement n’a pas pu être produite. Réessayez dans un instant.' },
      { status: 500 },
    )
  }
})
