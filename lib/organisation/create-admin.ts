import { asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { writeAudit } from '@/lib/audit'
import { provisionUser } from '@/lib/auth/provision-user'
import type { DbOrTx } from '@/lib/db/client'
import { organisations, users } from '@/lib/db/schema'
import { queueInvitation } from '@/lib/settings/invitation'
import { nameText, text } from '@/lib/text/safe-text'
import { systemNow } from '@/lib/clock'
import { isUuid } from '@/lib/ids'
import { CREATE_ORGANISATION_MESSAGES } from './create-organisation'

/**
 * Another administrator of an existing organisation, from the operator's command line (`npm run admin -- create-admin`):
 * the one way in when the organisation's only administrator has left or lost their access. Made as the app's settings
 * make a user (no password, an invitation link of 72 hours mailed), in one transaction with its audit row.
 */
export const CREATE_ADMIN_MESSAGES = {
  organisationRequired: 'Donnez l’organisation (--organisation), par son nom ou son identifiant.',
  emailInvalid: 'L’adresse email de l’administrateur n’est pas valide (--email).',
  nameTooLongPerson: CREATE_ORGANISATION_MESSAGES.nameTooLongPerson,
  accountExists: CREATE_ORGANISATION_MESSAGES.accountExists,
} as const
const M = CREATE_ADMIN_MESSAGES

export const createAdminSchema = z.object({
  organisation: text({ error: M.organisationRequired })
    .trim()
    .min(1, M.organisationRequired)
    .max(200, M.organisationRequired),
  email: text({ error: M.emailInvalid }).trim().toLowerCase().max(254, M.emailInvalid).pipe(z.email(M.emailInvalid)),
  firstName: nameText().trim().max(100, M.nameTooLongPerson).default(''),
  lastName: nameText().trim().max(100, M.nameTooLongPerson).default(''),
})

export type CreateAdminOutcome =
  { ok: true; organisationId: string; organisationName: string; userId: string } | { ok: false; error: string }

/**
 * The organisation an operator means: its id, or its name whatever the case. Organisation names are not unique, so
 * several of the same name ask for the id; none lists the names there are (they are not personal data).
 */
export async function findOrganisationForOperator(
  db: DbOrTx,
  given: string,
): Promise<{ ok: true; id: string; name: string } | { ok: false; error: string }> {
  const matches = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(isUuid(given) ? eq(organisations.id, given) : sql`lower(${organisations.name}) = lower(${given})`)
    .orderBy(asc(organisations.name))
  if (matches.length === 1) return { ok: true, ...matches[0]! }
  if (matches.length > 1)
    return {
      ok: false,
      error: `Plusieurs organisations s’appellent «\u00a0${given}\u00a0»\u00a0: donnez son identifiant (--organisation <id>)\u00a0: ${matches.map((o) => o.id).join(', ')}.`,
    }
  const known = await db
    .select({ name: organisations.name })
    .from(organisations)
    .orderBy(asc(organisations.name))
    .limit(20)
  return {
    ok: false,
    error: `Aucune organisation ne s’appelle «\u00a0${given}\u00a0» ni n’a cet identifiant. ${
      known.length
        ? `Organisations existantes\u00a0: ${known.map((o) => `«\u00a0${o.name}\u00a0»`).join(', ')}.`
        : 'Il n’y en a encore aucune\u00a0: créez-la avec create-organisation.'
    }`,
  }
}

export async function createOrganisationAdmin(db: DbOrTx, input: unknown): Promise<CreateAdminOutcome> {
  const parsed = createAdminSchema.safeParse(input)
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message }
  const { email, firstName, lastName } = parsed.data
  try {
    return await db.transaction(async (tx) => {
      const organisation = await findOrganisationForOperator(tx, parsed.data.organisation)
      if (!organisation.ok) return organisation
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
      if (taken) return { ok: false as const, error: M.accountExists }
      const user = await provisionUser(tx, {
        email,
        firstName,
        lastName,
        role: 'admin',
        organisationId: organisation.id,
      })
      if (!user.ok) throw new Error(user.error)
      await writeAudit(tx, {
        actorId: null,
        organisationId: organisation.id,
        action: 'user.created',
        entityType: 'user',
        entityId: user.userId,
        details: { role: 'admin', by: 'admin-command' },
      })
      await queueInvitation(tx, user.userId, systemNow().getTime(), organisation.name)
      return {
        ok: true as const,
        organisationId: organisation.id,
        organisationName: organisation.name,
        userId: user.userId,
      }
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return { ok: false, error: M.accountExists }
    throw error
  }
}
