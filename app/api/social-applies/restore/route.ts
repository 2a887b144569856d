import { restoreApplies } from '@/lib/applies/restore-applies'
import { readJsonBody } from '@/lib/http/json-body'
import { jsonRoute } from '@/lib/http/route'
import { refuseForeignWrite } from '@/lib/http/same-origin'
import { partnerWith } from '@/lib/auth/guards'
import { getDb } from '@/lib/db/client'
import { idsBodySchema } from '@/lib/applies/ids-body'

/** Restores archived applies of the user's structure: {ids}; 204 on success. */
export const POST = jsonRoute(async (request: Request) => {
  const foreign = refuseForeignWrite(request, 'json')
  if (foreign) return foreign
  const user = await partnerWith('offers.social.archive')
  if (!user) return Response.json({ error: 'Cette action ne vous est pas permise.' }, { status: 403 })
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const parsed = idsBodySchema.safeParse(body.value)
  if (!parsed.success) return Response.json({ error: 'Sélectionnez au moins un dossier à restaurer.' }, { status: 400 })
  const result = await restoreApplies(getDb(), {
    structureId: user.structureId,
    ids: parsed.data.ids,
    actorId: user.id,
  })
  if (!result.ok)
    return Response.json(
      { error: 'Certains dossiers sont introuvables : aucun dossier n’a été restauré.' },
      { status: 404 },
    )
  return new Response(null, { status: 204 })
})
