import { z } from 'zod'
import { APPLY_STATES } from './states'
import { text } from '@/lib/text/safe-text'

/** The body of spec §7 "Fetch applies by tab" (a POST body: the search text never goes into a URL). */
export const listRequestSchema = z.object({
  tab: z.enum(APPLY_STATES),
  search: text().max(100).default(''),
  placeIds: z.array(z.uuid()).max(50).default([]),
  statusValues: z.array(text().max(100)).max(50).default([]),
  page: z.number().int().min(1).max(100_000).default(1),
})
export type ListRequest = z.input<typeof listRequestSchema>
