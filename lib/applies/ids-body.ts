import { z } from 'zod'

/** Spec §7 archive payload {ids: list of application ids}, also used to restore. */
export const idsBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) })
