import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { invitations, workshops } from '@/lib/db/schema'
import { tellInvitation } from './send'

/** How many invited people a freed seat is offered to: the first to answer OUI takes it. */
export const OFFERS_PER_SEAT = 5

type FreedWorkshop = Pick<
  typeof workshops.$inferSelect,
  'id' | 'name' | 'theme' | 'startsAt' | 'addressFormatted' | 'videoUrl' | 'capacity' | 'seatsTaken'
>

/**
 * Offers the seats still free after the waitlist was served to the people invited to the workshop's theme who have
 * not booked (pending, still valid on the session's day, oldest invitation first): "Répondez OUI pour la prendre". An
 * invitation holds one offer, the latest; answering takes the seat only if it is still free (lib/invitations/replies.ts).
 * The workshop row is locked by the caller; the messages are queued in its transaction.
 */
export async function offerFreedSeats(
  tx: DbOrTx,
  organisationId: string,
  w: FreedWorkshop,
  now: Date,
): Promise<number> {
  const free = (w.capacity ?? 0) - w.seatsTaken
  if (free <= 0 || !w.theme || !w.startsAt || w.startsAt <= now) return 0
  const chosen = await tx
    .select({
      id: invitations.id,
      candidateId: invitations.candidateId,
      theme: invitations.theme,
      channels: invitations.channels,
      codeSealed: invitations.codeSealed,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        eq(invitations.theme, w.theme),
        eq(invitations.status, 'pending'),
        or(isNull(invitations.expiresAt), gte(invitations.expiresAt, w.startsAt)),
        sql`${invitations.offeredWorkshopId} is distinct from ${w.id}`,
      ),
    )
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .limit(free * OFFERS_PER_SEAT)
    // An invitation another transaction holds (its person booking right now) is passed over, never waited for: that
    // transaction may be waiting for this workshop's lock.
    .for('update', { skipLocked: true })
  for (const inv of chosen) {
    await tx
      .update(invitations)
      .set({ offeredWorkshopId: w.id, offeredAt: now, updatedAt: now })
      .where(eq(invitations.id, inv.id))
    await tellInvitation(
      tx,
      { ...inv, organisationId, lastDay: inv.expiresAt ? new Date(inv.expiresAt.getTime() - 1) : w.startsAt },
      'seatOffer',
      { name: w.name, startsAt: w.startsAt, addressFormatted: w.addressFormatted, videoUrl: w.videoUrl },
      now,
    )
  }
  return chosen.length
}
