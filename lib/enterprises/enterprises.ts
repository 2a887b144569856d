import { and, eq, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { enterpriseContacts, enterprises } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { ENTERPRISE_MESSAGES, enterpriseSchema, type EnterpriseInput } from './schemas'

/**
 * The organisation's enterprises. The SIRET is unique in the organisation (a partial unique index): a
 * duplicate is refused with the existing sheet's name and id, even when two counsellors enter it at once. Each change
 * is one transaction with its audit row, which the sheet's history reads (field names only, no values).
 */
export type EnterpriseActor = { organisationId: string; actorId: string }

async function sameSiret(tx: DbOrTx, organisationId: string, siret: string | null, exceptId?: string) {
  if (!siret) return null
  const [row] = await tx
    .select({ id: enterprises.id, name: enterprises.name })
    .from(enterprises)
    .where(
      and(
        eq(enterprises.organisationId, organisationId),
        eq(enterprises.siret, siret),
        exceptId ? sql`${enterprises.id} <> ${exceptId}` : undefined,
      ),
    )
  return row ?? null
}

const duplicate = (row: { id: string; name: string }) => ({
  ok: false as const,
  error: ENTERPRISE_MESSAGES.siretTaken(row.name),
  fieldErrors: { siret: ENTERPRISE_MESSAGES.siretTaken(row.name) },
  existingId: row.id,
})

async function writeContacts(tx: DbOrTx, enterpriseId: string, contacts: EnterpriseInput['contacts']) {
  await tx.delete(enterpriseContacts).where(eq(enterpriseContacts.enterpriseId, enterpriseId))
  if (contacts.length)
    await tx.insert(enterpriseContacts).values(contacts.map((c, position) => ({ ...c, enterpriseId, position })))
}

export async function createEnterprise(
  db: Db,
  actor: EnterpriseActor,
  input: unknown,
): Promise<Outcome<{ id: string }>> {
  const parsed = enterpriseSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const { contacts, ...data } = parsed.data
  try {
    return await db.transaction(async (tx) => {
      const existing = await sameSiret(tx, actor.organisationId, data.siret)
      if (existing) return duplicate(existing)
      const [row] = await tx
        .insert(enterprises)
        .values({ ...data, organisationId: actor.organisationId })
        .returning({ id: enterprises.id })
      await writeContacts(tx, row!.id, contacts)
      await writeAudit(tx, {
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'enterprise.created',
        entityType: 'enterprise',
        entityId: row!.id,
      })
      return { ok: true as const, id: row!.id }
    })
  } catch (error) {
    // Two counsellors entering one SIRET at once: the index keeps one, the other is pointed to it.
    if ((error as { code?: string }).code === '23505') {
      const existing = await sameSiret(db, actor.organisationId, data.siret)
      if (existing) return duplicate(existing)
    }
    throw error
  }
}

const FIELDS = ['name', 'siret', 'nafCode', 'addressFormatted', 'notes'] as const

export async function updateEnterprise(
  db: Db,
  actor: EnterpriseActor,
  enterpriseId: string,
  input: unknown,
): Promise<Outcome> {
  const parsed = enterpriseSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const { contacts, ...data } = parsed.data
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(enterprises)
        .where(and(eq(enterprises.id, enterpriseId), eq(enterprises.organisationId, actor.organisationId)))
        .for('update')
      if (!before) return NOT_FOUND
      const existing = await sameSiret(tx, actor.organisationId, data.siret, enterpriseId)
      if (existing) return duplicate(existing)
      const beforeContacts = await tx
        .select({
          name: enterpriseContacts.name,
          role: enterpriseContacts.role,
          phone: enterpriseContacts.phone,
          email: enterpriseContacts.email,
        })
        .from(enterpriseContacts)
        .where(eq(enterpriseContacts.enterpriseId, enterpriseId))
        .orderBy(enterpriseContacts.position)
      await tx
        .update(enterprises)
        .set({ ...data, updatedAt: sql`now()` })
        .where(eq(enterprises.id, enterpriseId))
      await writeContacts(tx, enterpriseId, contacts)
      const changed: string[] = FIELDS.filter((f) => (before[f] ?? null) !== (data[f] ?? null))
      if (JSON.stringify(beforeContacts) !== JSON.stringify(contacts)) changed.push('contacts')
      await writeAudit(tx, {
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'enterprise.updated',
        entityType: 'enterprise',
        entityId: enterpriseId,
        details: { changed },
      })
      return { ok: true as const }
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      const existing = await sameSiret(db, actor.organisationId, data.siret, enterpriseId)
      if (existing) return duplicate(existing)
    }
    throw error
  }
}
