import { listRequestSchema } from '@/lib/prescriptions/offer-tab-rows'
import { listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import { PAGE_SIZE } from '@/lib/constants'
import { getDb } from '@/lib/db/client'
import { defineRoute, json } from '@/lib/frame/route'

/**
 * Spec §7 "Fetch applies by tab": {rows, counts} of one page (50 rows, skip by page), for the partner structure that
 * owns the offer: any other structure's offer reads as empty, and a user of no structure is told it is not found.
 */
export const POST = defineRoute({
  name: 'applies.list',
  body: 'json',
  permission: null,
  tenant: 'structure',
  hide: true,
  ids: ['offerId'],
  input: listRequestSchema,
  messages: { notFound: 'Cette offre est introuvable.', invalid: 'Les filtres de la liste ne sont pas valides.' },
  run: async ({ structureId, params, input: { tab, search, placeIds, statusValues, page } }) => {
    const list = await listAppliesByTab(getDb(), {
      structureId,
      offerId: params.offerId!,
      tab,
      filters: { search, placeIds, statusValues },
      skip: (page - 1) * PAGE_SIZE,
    })
    return json(list, { headers: { 'cache-control': 'private, no-store' } })
  },
})
