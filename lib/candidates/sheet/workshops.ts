import { and, desc, eq, gt, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { invitations } from '@/lib/db/schema'
import type { InvitationChannel } from '@/lib/invitations/messages'
import { themesWithSessions } from '@/lib/invitations/sessions'
import { workshopsOfCandidate } from '@/lib/workshops/queries'
import type { SheetScope } from './sections'

/**
 * The workshops tab, at `at`: the candidate's coming workshops (soonest first) and past ones (latest first); their
 * pending invitations (the letter ones printable); the themes they may be invited to (with a coming session).
 */
export async function loadSheetWorkshops(db: DbOrTx, params: SheetScope & { at: Date }) {
  const [rows, pending, themes] = await Promise.all([
    workshopsOfCandidate(db, params.organisationId, params.candidateId),
    pendingInvitations(db, params),
    themesWithSessions(db, params.organisationId, params.at),
  ])
  const isComing = (r: (typeof rows)[number]) => !!r.startsAt && (r.endsAt ?? r.startsAt) >= params.at
  return {
    coming: rows.filter(isComing).reverse(),
    past: rows.filter((r) => !isComing(r)),
    invitations: pending,
    themes,
  }
}

/** The candidate's invitations still waiting for a booking, newest first. */
async function pendingInvitations(db: DbOrTx, { organisationId, candidateId, at }: SheetScope & { at: Date }) {
  const rows = await db
    .select({
      id: invitations.id,
      theme: invitations.theme,
      channels: invitations.channels,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        eq(invitations.candidateId, candidateId),
        eq(invitations.status, 'pending'),
        or(isNull(invitations.expiresAt), gt(invitations.expiresAt, at)),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(20)
  return rows.map((r) => ({ ...r, channels: r.channels as InvitationChannel[] }))
}

export type SheetWorkshopsData = Awaited<ReturnType<typeof loadSheetWorkshops>>
export type SheetWorkshopRow = SheetWorkshopsData['past'][number]
export type SheetInvitationRow = SheetWorkshopsData['invitations'][number]
