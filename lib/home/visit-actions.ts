'use server'

import { z } from 'zod'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction } from '@/lib/frame/action'
import { recordHomeVisit } from './user-day'

/**
 * The home page, once on screen: its visit is remembered at the time the page read the day (never later than now), so
 * that the next visit counts what came since. Called by the browser after the page is shown: rendering writes nothing.
 */
export const recordHomeVisitAction = defineAction({
  name: 'home.visit',
  permission: 'homePage.visualize',
  tenant: 'organisation',
  input: z.tuple([z.coerce.date()]),
  run: async ({ user, input: [readAt] }) => {
    const at = now()
    await recordHomeVisit(getDb(), user.id, readAt < at ? readAt : at)
    return { ok: true as const }
  },
})
