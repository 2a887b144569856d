import { and, eq } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { PARTNER_ROLE } from '@/lib/permissions'
import { DEFAULT_PRESCRIPTION_MAILS, prescriptionMailsSchema, type PrescriptionMails } from './prescription-mails'

/** The user's own choice, for the account page (null: not a partner user of a structure). */
export async function prescriptionMailsOf(db: Db, userId: string): Promise<PrescriptionMails | null> {
  const [row] = await db
    .select({ choice: users.prescriptionMails, role: users.role, structureId: users.structureId })
    .from(users)
    .where(eq(users.id, userId))
  if (!row || row.role !== PARTNER_ROLE || !row.structureId) return null
  return prescriptionMailsSchema.safeParse(row.choice).data ?? DEFAULT_PRESCRIPTION_MAILS
}

/**
 * The partner user's own choice, saved with its audit row. Only for a partner user of a structure (the tenant of the
 * update, with the user's id): anyone else is refused as forbidden.
 */
export async function setPrescriptionMails(
  db: Db,
  user: { id: string; structureId: string },
  choice: PrescriptionMails,
): Promise<{ ok: true; choice: PrescriptionMails } | { ok: false; error: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ choice: users.prescriptionMails })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.structureId, user.structureId), eq(users.role, PARTNER_ROLE)))
      .for('update')
    if (!before) return { ok: false, error: 'Ce choix est réservé aux utilisateurs d’une structure partenaire.' }
    if (before.choice === choice) return { ok: true, choice }
    await tx.update(users).set({ prescriptionMails: choice }).where(eq(users.id, user.id))
    await writeAudit(tx, {
      actorId: user.id,
      structureId: user.structureId,
      action: 'user.prescriptionMails',
      entityType: 'user',
      entityId: user.id,
      details: { from: before.choice, to: choice },
    })
    return { ok: true, choice }
  })
}
