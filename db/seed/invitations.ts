import { eq } from 'drizzle-orm'
import { seal, unseal } from '@/lib/crypto/sealed'
import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { addCalendarDays, DAY_MS, parisInstant, parisToday } from '@/lib/dates'
import { hashCode, invitationLink, newInvitationCode } from '@/lib/invitations/code'
import { lettersOf } from '@/lib/invitations/messages'
import { validityEnd } from '@/lib/invitations/sessions'

/** The demo invitation that `npm start` prints a link to (lib's code is random; the id finds it again). */
export const DEMO_INVITATION_ID = '70000000-0000-4000-8000-000000000001'
export const DEMO_INVITATION_THEME = 'Information collective RSA'

/**
 * The theme "Information collective RSA": three sessions in the coming days (from the day of seeding, so that the
 * printed link can be used), one ten days ago with its attendance, and an invitation in each state — pending (Karim
 * Benali, the printed one: "BEN"), expired, booked, present, absent, excused, declined — so that the booking page, the
 * sheet's follow-up, the dashboard's filter and the statistics show real records.
 */
export async function seedInvitations(
  tx: DbOrTx,
  ctx: {
    organisationId: string
    counsellorId: string
    candidates: { id: string; organisationId: string }[]
    now: Date
  },
) {
  const { organisationId, counsellorId, now } = ctx
  const seine = ctx.candidates.filter((c) => c.organisationId === organisationId)
  const today = parisToday(now)
  const at = (days: number, minute: number) => parisInstant(addCalendarDays(today, days), minute)
  const place = 'Centre médico-social, 5 rue Saint-Julien, 76100 Rouen'
  const session = (days: number, seatsTaken: number) => ({
    organisationId,
    name: 'Information collective RSA',
    theme: DEMO_INVITATION_THEME,
    description: 'Vos droits et devoirs au RSA, l’accompagnement, les aides à la reprise d’activité.',
    startsAt: at(days, 9 * 60 + 30),
    endsAt: at(days, 11 * 60 + 30),
    addressFormatted: place,
    capacity: 8,
    seatsTaken,
    createdById: counsellorId,
  })
  const [past, first] = await tx
    .insert(s.workshops)
    .values([session(-10, 3), session(3, 1), session(5, 0), session(8, 0)])
    .returning({ id: s.workshops.id, startsAt: s.workshops.startsAt })

  type Row = typeof s.invitations.$inferInsert
  const invitation = (candidate: number, sentDaysAgo: number, extra: Partial<Row> = {}): Row => {
    const code = newInvitationCode()
    const createdAt = new Date(now.getTime() - sentDaysAgo * DAY_MS)
    return {
      organisationId,
      candidateId: seine[candidate]!.id,
      theme: DEMO_INVITATION_THEME,
      channels: ['sms', 'mail'],
      codeHash: hashCode(code),
      codeSealed: seal(code),
      expiresAt: validityEnd(createdAt, 10),
      createdById: counsellorId,
      createdAt,
      updatedAt: createdAt,
      ...extra,
    }
  }
  // Registrations booked from invitations: one to come, three past with their attendance.
  const registrations = await tx
    .insert(s.workshopRegistrations)
    .values(
      [
        { candidate: 2, workshopId: first!.id, attendance: null },
        { candidate: 9, workshopId: past!.id, attendance: 'present' as const },
        { candidate: 10, workshopId: past!.id, attendance: 'unexcused' as const },
        { candidate: 11, workshopId: past!.id, attendance: 'excused' as const },
      ].map((r) => ({
        organisationId,
        workshopId: r.workshopId,
        candidateId: seine[r.candidate]!.id,
        status: 'registered' as const,
        attendance: r.attendance,
        createdAt: new Date(now.getTime() - 14 * DAY_MS),
      })),
    )
    .returning({ id: s.workshopRegistrations.id })
  const booked = (
    i: number,
    daysAfterSending: number,
    sentDaysAgo: number,
    by: 'person' | 'counsellor' = 'person',
  ) => ({
    status: 'booked' as const,
    registrationId: registrations[i]!.id,
    bookedAt: new Date(now.getTime() - (sentDaysAgo - daysAfterSending) * DAY_MS),
    bookedBy: by,
  })
  const rows = await tx
    .insert(s.invitations)
    .values([
      invitation(1, 1, { id: DEMO_INVITATION_ID }),
      invitation(5, 14),
      invitation(2, 3, booked(0, 1, 3)),
      invitation(9, 20, booked(1, 2, 20)),
      invitation(10, 20, booked(2, 4, 20)),
      invitation(11, 20, booked(3, 1, 20, 'counsellor')),
      invitation(8, 4, { status: 'declined', closedAt: new Date(now.getTime() - 2 * DAY_MS) }),
    ])
    .returning({ id: s.invitations.id, candidateId: s.invitations.candidateId, createdAt: s.invitations.createdAt })
  // The registrations point back at their invitation (their reminder is the one 48 hours before).
  for (const [i, inv] of [rows[2], rows[3], rows[4], rows[5]].entries())
    await tx
      .update(s.workshopRegistrations)
      .set({ invitationId: inv!.id })
      .where(eq(s.workshopRegistrations.id, registrations[i]!.id))
  await tx.insert(s.auditLog).values(
    rows.map((r) => ({
      at: r.createdAt,
      actorId: counsellorId,
      organisationId,
      action: 'invitation.sent',
      entityType: 'candidate',
      entityId: r.candidateId,
      details: { invitationId: r.id, theme: DEMO_INVITATION_THEME, channels: ['sms', 'mail'] },
    })),
  )
}

/**
 * The printed demo link and the letters to type, while the demo invitation can still be booked (pending, valid); null
 * once it is used or expired, or when the code cannot be unsealed (another secret).
 */
export async function demoInvitationLink(db: DbOrTx): Promise<{ link: string; letters: string } | null> {
  const [row] = await db
    .select({
      codeSealed: s.invitations.codeSealed,
      status: s.invitations.status,
      expiresAt: s.invitations.expiresAt,
      lastName: s.candidates.lastName,
    })
    .from(s.invitations)
    .innerJoin(s.candidates, eq(s.candidates.id, s.invitations.candidateId))
    .where(eq(s.invitations.id, DEMO_INVITATION_ID))
  if (!row || row.status !== 'pending' || (row.expiresAt && row.expiresAt <= new Date())) return null
  try {
    return { link: invitationLink(unseal(row.codeSealed)), letters: lettersOf(row.lastName).slice(0, 3) }
  } catch {
    return null
  }
}
