'use server'

import { z } from 'zod'
import { markSmsRepliesRead } from '@/lib/candidates/sheet/sms'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'

/**
 * The SMS tab, once on screen: the user's notices of this candidate's replies are read. Called by the browser after
 * the tab is shown, so that rendering the tab writes nothing; calling it again marks nothing more.
 */
export const markSmsRepliesReadAction = defineAction({
  name: 'sms.replies.read',
  permission: 'candidate.visualize',
  tenant: 'organisation',
  input: z.tuple([id()]),
  run: async ({ user, organisationId, input: [candidateId] }) => {
    const marked = await markSmsRepliesRead(getDb(), { userId: user.id, organisationId, candidateId, at: now() })
    return { ok: true as const, marked }
  },
})
