import { hashPassword } from 'better-auth/crypto'
import type { DbOrTx } from '@/lib/db/client'
import { accounts, users } from '@/lib/db/schema'
import { fullName } from '@/lib/person-name'
import { acceptablePasswordSchema } from './password-forms'

export type ProvisionedIdentity = {
  /** 'google' | 'microsoft' | 'proconnect' | 'france-travail' (lib/auth/identity-providers.ts). */
  providerId: string
  /** The provider's stable subject: `sub`, or `tenantId:objectId` for Microsoft Entra ID. */
  accountId: string
}

export type ProvisionInput = {
  email: string
  firstName: string
  lastName: string
  phone?: string | null
  role: string
  organisationId?: string | null
  structureId?: string | null
  /** Optional: a user may sign in only through an identity provider. Checked against the password rule. */
  password?: string
  identities?: ProvisionedIdentity[]
}

export type ProvisionResult = { ok: true; userId: string } | { ok: false; error: string }

/**
 * Creates an account, as an administrator does: Passerelle has no self-registration, and only provisioned
 * users can sign in, by password or by an identity listed here (or later linked by an email its provider verified).
 */
export async function provisionUser(db: DbOrTx, input: ProvisionInput): Promise<ProvisionResult> {
  if (input.password !== undefined) {
    const checked = acceptablePasswordSchema.safeParse(input.password)
    if (!checked.success) return { ok: false, error: checked.error.issues[0]!.message }
  }
  const userId = crypto.randomUUID()
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      email: input.email.trim().toLowerCase(),
      name: fullName(input),
      // The administrator vouches for the address: an identity may later be linked to it by a verified email.
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
      role: input.role,
      organisationId: input.organisationId ?? null,
      structureId: input.structureId ?? null,
    })
    const rows = [
      ...(passwordHash
        ? [{ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash }]
        : []),
      ...(input.identities ?? []).map((identity) => ({
        id: crypto.randomUUID(),
        accountId: identity.accountId,
        providerId: identity.providerId,
        userId,
      })),
    ]
    if (rows.length) await tx.insert(accounts).values(rows)
  })
  return { ok: true, userId }
}
