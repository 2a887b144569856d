'use client'

import { useEffect } from 'react'
import { markSmsRepliesReadAction } from '@/lib/sms/read-actions'

/**
 * Marks the user's notices of this candidate's replies read once the SMS tab is on screen, and again when a newer
 * message arrives (the tab refreshes itself while a conversation moves). A failure is left unsaid: the notices stay
 * unread, and the next opening marks them.
 */
export function MarkSmsRepliesRead({ candidateId, newest }: { candidateId: string; newest: string | null }) {
  useEffect(() => {
    markSmsRepliesReadAction(candidateId).catch(() => undefined)
  }, [candidateId, newest])
  return null
}
