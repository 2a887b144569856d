import { ARCHIVE_ERRORS, archiveApplies, idsBodySchema } from '@/lib/prescriptions/partner-archives'
import { getDb } from '@/lib/db/client'
import { defineRoute, refusal } from '@/lib/frame/route'

/** Spec §7 "Archive social applies": {ids} of the partner's structure; 204. */
export const POST = defineRoute({
  name: 'applies.archive',
  body: 'json',
  permission: 'offers.social.archive',
  tenant: 'structure',
  input: idsBodySchema,
  messages: { invalid: 'Sélectionnez au moins un dossier à archiver.' },
  run: async ({ user, structureId, input }) => {
    const result = await archiveApplies(getDb(), { structureId, ids: input.ids, actorId: user.id })
    if (!result.ok) return refusal(result.error === 'notFound' ? 404 : 409, ARCHIVE_ERRORS[result.error])
    return new Response(null, { status: 204 })
  },
})
