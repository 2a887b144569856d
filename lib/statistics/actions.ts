'use server'

import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction, search } from '@/lib/frame/action'
import { prescribedStructures } from './queries'

/**
 * The statistics' structure picker: the partner structures the organisation prescribed to whose name holds the text
 * (in the body, never in a URL), by name, STRUCTURE_CHOICES at most. Any organisation user, as the page.
 */
export const searchStatisticsStructuresAction = defineAction({
  permission: null,
  tenant: 'organisation',
  name: 'statistics.structures',
  fallback: null,
  input: z.tuple([search]),
  run: async ({ organisationId, input: [text] }) => prescribedStructures(getDb(), organisationId, { search: text }),
})
