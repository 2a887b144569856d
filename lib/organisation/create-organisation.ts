import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { writeAudit } from '@/lib/audit'
import { provisionUser } from '@/lib/auth/provision-user'
import type { DbOrTx } from '@/lib/db/client'
import { organisations, users } from '@/lib/db/schema'
import { queueInvitation } from '@/lib/settings/invitation'
import { nameText, text } from '@/lib/text/safe-text'
import { systemNow } from '@/lib/clock'

/**
 * A département starting from a bare database: its organisation and its first administrator, who is
 * mailed an invitation link (72 hours, as every invitation) to choose a password; the rest (users, structures,
 * settings) is then done in the app. `npm run admin -- create-organisation` calls it.
 */
export const CREATE_ORGANISATION_MESSAGES = {
  nameRequired: 'Le nom de l’organisation est obligatoire (--name).',
  nameTooLong: 'Le nom de l’organisation fait 200 caractères au plus.',
  emailInvalid: 'L’adresse email de l’administrateur n’est pas valide (--admin-email).',
  nameTooLongPerson: 'Le prénom et le nom font 100 caractères au plus.',
  accountExists: 'Un compte Passerelle existe déjà avec cette adresse email\u00a0: rien n’a été créé ni modifié.',
} as const
const M = CREATE_ORGANISATION_MESSAGES

export const createOrganisationSchema = z.object({
  name: nameText({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, M.nameTooLong),
  adminEmail: text({ error: M.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, M.emailInvalid)
    .pipe(z.email(M.emailInvalid)),
  adminFirstName: nameText().trim().max(100, M.nameTooLongPerson).default(''),
  adminLastName: nameText().trim().max(100, M.nameTooLongPerson).default(''),
})

export type CreateOrganisationOutcome =
  { ok: true; organisationId: string; userId: string } | { ok: false; error: string }

/** One transaction: the organisation, its administrator, the audit row and the invitation mail (queued), or nothing. */
export async function createOrganisationWithAdmin(db: DbOrTx, input: unknown): Promise<CreateOrganisationOutcome> {
  const parsed = createOrganisationSchema.safeParse(input)
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message }
  const { name, adminEmail, adminFirstName, adminLastName } = parsed.data
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, adminEmail))
      if (taken) return { ok: false as const, error: M.accountExists }
      const [organisation] = await tx.insert(organisations).values({ name }).returning({ id: organisations.id })
      const user = await provisionUser(tx, {
        email: adminEmail,
        firstName: adminFirstName,
        lastName: adminLastName,
        role: 'admin',
        organisationId: organisation!.id,
      })
      if (!user.ok) throw new Error(user.error)
      await writeAudit(tx, {
        actorId: null,
        organisationId: organisation!.id,
        action: 'organisation.created',
        entityType: 'organisation',
        entityId: organisation!.id,
        details: { adminUserId: user.userId, by: 'admin-command' },
      })
      await queueInvitation(tx, user.userId, systemNow().getTime(), 'Passerelle')
      return { ok: true as const, organisationId: organisation!.id, userId: user.userId }
    })
  } catch (error) {
    // The same address created at the same moment by another run: the unique index decides, nothing is left half-made.
    if ((error as { code?: string }).code === '23505') return { ok: false, error: M.accountExists }
    throw error
  }
}
