import { idsBodySchema, restoreApplies } from '@/lib/prescriptions/partner-archives'
import { getDb } from '@/lib/db/client'
import { defineRoute, refusal } from '@/lib/frame/route'

/** Restores archived applies of the partner's structure: {ids}; 204. */
export const POST = defineRoute({
  name: 'applies.restore',
  body: 'json',
  permission: 'offers.social.archive',
  tenant: 'structure',
  input: idsBodySchema,
  messages: { invalid: 'Sélectionnez au moins un dossier à restaurer.' },
  run: async ({ user, structureId, input }) => {
    const result = await restoreApplies(getDb(), { structureId, ids: input.ids, actorId: user.id })
    if (!result.ok) return refusal(404, 'Certains dossiers sont introuvables\u00a0: aucun dossier n’a été restauré.')
    return new Response(null, { status: 204 })
  },
})
