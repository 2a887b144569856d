import { and, asc, eq, isNull, max, sql } from 'drizzle-orm'
import { z } from 'zod'
import { slugOf } from '@/lib/text/slug'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidateCountsBy } from '@/lib/candidates/counts'
import { customFieldDefinitions } from '@/lib/db/schema'
import { text } from '@/lib/text/safe-text'

/**
 * The organisation's custom fields (/v2/settings/custom-fields): created, edited, reordered and
 * archived by its administrators. A field's key and type never change once made (the candidates' values are stored
 * under the key, in the type's shape); an archived field leaves the forms, and its values stay in the candidates'
 * records, shown read-only on their sheet.
 */
export const FIELD_TYPES = ['text', 'number', 'bool', 'date', 'list', 'listMultiple'] as const
export const CUSTOM_FIELD_MESSAGES = {
  labelRequired: 'Le libellé est obligatoire.',
  labelTooLong: 'Le libellé ne doit pas dépasser 100 caractères.',
  typeRequired: 'Choisissez un type\u00a0: texte, nombre, oui / non, date, liste ou liste à choix multiples.',
  optionsRequired: 'Une liste a au moins un choix\u00a0: écrivez-en un par ligne.',
  optionsTooMany: 'Une liste a au plus 50 choix.',
  optionTooLong: 'Un choix ne doit pas dépasser 100 caractères.',
  optionsDuplicate: 'Deux choix de la liste sont identiques.',
  optionRemoved: 'Un choix déjà utilisé ne peut pas être retiré\u00a0: archivez le champ et créez-en un autre.',
  notFound: 'Ce champ est introuvable.',
  confirmRequired: 'Des candidats ont une valeur pour ce champ\u00a0: confirmez l’archivage.',
} as const

const LIST_TYPES = ['list', 'listMultiple']

const label = text({ error: CUSTOM_FIELD_MESSAGES.labelRequired })
  .trim()
  .min(1, CUSTOM_FIELD_MESSAGES.labelRequired)
  .max(100, CUSTOM_FIELD_MESSAGES.labelTooLong)
/** The choices of a list, one per line as typed. */
const options = text()
  .max(10_000, CUSTOM_FIELD_MESSAGES.optionsTooMany)
  .transform((text) =>
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  )
  .pipe(z.array(text().max(100, CUSTOM_FIELD_MESSAGES.optionTooLong)).max(50, CUSTOM_FIELD_MESSAGES.optionsTooMany))
  .refine((list) => new Set(list.map(slugOf)).size === list.length, CUSTOM_FIELD_MESSAGES.optionsDuplicate)

export const customFieldSchema = z
  .object({
    label,
    type: z.enum(FIELD_TYPES, { error: CUSTOM_FIELD_MESSAGES.typeRequired }),
    required: z.boolean(),
    options: z.preprocess((v) => (v === undefined || v === null ? '' : v), options),
  })
  .refine((v) => !LIST_TYPES.includes(v.type) || v.options.length > 0, {
    message: CUSTOM_FIELD_MESSAGES.optionsRequired,
    path: ['options'],
  })
export type CustomFieldInput = z.input<typeof customFieldSchema>

type Actor = { organisationId: string; actorId: string }
export type FieldOutcome =
  { ok: true; id: string } | { ok: false; error?: string; fieldErrors?: Record<string, string> }

const errorsOf = (error: z.ZodError) => {
  const fieldErrors: Record<string, string> = {}
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message
  return fieldErrors
}

/** A new field, last of the list, with a key made from its label (unique in the organisation). */
export async function createCustomField(db: Db, actor: Actor, input: unknown): Promise<FieldOutcome> {
  const parsed = customFieldSchema.safeParse(input)
  if (!parsed.success) return { ok: false, fieldErrors: errorsOf(parsed.error) }
  const field = parsed.data
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`custom-fields:${actor.organisationId}`}))`)
    const taken = new Set(
      (
        await tx
          .select({ key: customFieldDefinitions.key })
          .from(customFieldDefinitions)
          .where(eq(customFieldDefinitions.organisationId, actor.organisationId))
      ).map((r) => r.key),
    )
    const base = slugOf(field.label)
    let key = base
    for (let i = 2; taken.has(key); i++) key = `${base}-${i}`
    const [last] = await tx
      .select({ position: max(customFieldDefinitions.position) })
      .from(customFieldDefinitions)
      .where(eq(customFieldDefinitions.organisationId, actor.organisationId))
    const [row] = await tx
      .insert(customFieldDefinitions)
      .values({
        organisationId: actor.organisationId,
        key,
        label: field.label,
        type: field.type,
        required: field.required,
        options: LIST_TYPES.includes(field.type) ? field.options.map((o) => ({ value: slugOf(o), label: o })) : [],
        position: (last?.position ?? 0) + 1,
      })
      .returning({ id: customFieldDefinitions.id })
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'customField.created',
      entityType: 'customField',
      entityId: row!.id,
      details: { key, type: field.type, required: field.required },
    })
    return { ok: true as const, id: row!.id }
  })
}

/** Label, required flag and choices; the key and type stay. A choice some candidate holds cannot be removed. */
export async function updateCustomField(db: Db, actor: Actor, fieldId: string, input: unknown): Promise<FieldOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(customFieldDefinitions)
      .where(
        and(
          eq(customFieldDefinitions.id, fieldId),
          eq(customFieldDefinitions.organisationId, actor.organisationId),
          isNull(customFieldDefinitions.archivedAt),
        ),
      )
      .for('update')
    if (!current) return { ok: false as const, error: CUSTOM_FIELD_MESSAGES.notFound }
    const parsed = customFieldSchema.safeParse({
      ...(typeof input === 'object' && input ? input : {}),
      type: current.type,
    })
    if (!parsed.success) return { ok: false as const, fieldErrors: errorsOf(parsed.error) }
    const field = parsed.data
    const nextOptions = LIST_TYPES.includes(current.type)
      ? field.options.map(
          (o) => current.options.find((c) => c.label === o || c.value === slugOf(o)) ?? { value: slugOf(o), label: o },
        )
      : []
    const removed = current.options.filter((o) => !nextOptions.some((n) => n.value === o.value)).map((o) => o.value)
    if (removed.length) {
      const values = sql.join(
        removed.map((v) => sql`${v}`),
        sql`, `,
      )
      const [used] = (
        await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from candidates
          where organisation_id = ${actor.organisationId}
            and (custom_fields->>${current.key} in (${values})
                 or (jsonb_typeof(custom_fields->${current.key}) = 'array' and custom_fields->${current.key} ?| array[${values}]::text[]))`)
      ).rows
      if ((used?.n ?? 0) > 0)
        return { ok: false as const, fieldErrors: { options: CUSTOM_FIELD_MESSAGES.optionRemoved } }
    }
    await tx
      .update(customFieldDefinitions)
      .set({ label: field.label, required: field.required, options: nextOptions })
      .where(eq(customFieldDefinitions.id, fieldId))
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'customField.updated',
      entityType: 'customField',
      entityId: fieldId,
      details: { key: current.key, required: field.required, options: nextOptions.map((o) => o.value) },
    })
    return { ok: true as const, id: fieldId }
  })
}

/** Moves a field one place up or down among the active ones (keyboard and screen reader friendly, unlike dragging). */
export async function moveCustomField(
  db: Db,
  actor: Actor,
  fieldId: string,
  direction: 'up' | 'down',
): Promise<FieldOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`custom-fields:${actor.organisationId}`}))`)
    const fields = await tx
      .select({ id: customFieldDefinitions.id })
      .from(customFieldDefinitions)
      .where(
        and(eq(customFieldDefinitions.organisationId, actor.organisationId), isNull(customFieldDefinitions.archivedAt)),
      )
      .orderBy(asc(customFieldDefinitions.position), asc(customFieldDefinitions.label))
    const index = fields.findIndex((f) => f.id === fieldId)
    if (index < 0) return { ok: false as const, error: CUSTOM_FIELD_MESSAGES.notFound }
    const target = direction === 'up' ? index - 1 : index + 1
    if (target < 0 || target >= fields.length) return { ok: true as const, id: fieldId }
    const order = fields.map((f) => f.id)
    ;[order[index], order[target]] = [order[target]!, order[index]!]
    for (const [position, id] of order.entries())
      await tx
        .update(customFieldDefinitions)
        .set({ position: position + 1 })
        .where(eq(customFieldDefinitions.id, id))
    return { ok: true as const, id: fieldId }
  })
}

/** How many candidates hold a value for the field (the archive's confirmation says it). */
export async function candidatesWithValue(db: DbOrTx, organisationId: string, key: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from candidates where organisation_id = ${organisationId} and custom_fields ? ${key}`,
  )
  return rows[0]?.n ?? 0
}

/** Archives a field; when candidates hold values, only once the administrator confirmed. The values stay. */
export async function archiveCustomField(
  db: Db,
  actor: Actor,
  fieldId: string,
  confirmed: boolean,
): Promise<FieldOutcome & { withValues?: number }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ key: customFieldDefinitions.key })
      .from(customFieldDefinitions)
      .where(
        and(
          eq(customFieldDefinitions.id, fieldId),
          eq(customFieldDefinitions.organisationId, actor.organisationId),
          isNull(customFieldDefinitions.archivedAt),
        ),
      )
      .for('update')
    if (!current) return { ok: false as const, error: CUSTOM_FIELD_MESSAGES.notFound }
    const withValues = await candidatesWithValue(tx, actor.organisationId, current.key)
    if (withValues > 0 && !confirmed)
      return { ok: false as const, error: CUSTOM_FIELD_MESSAGES.confirmRequired, withValues }
    await tx
      .update(customFieldDefinitions)
      .set({ archivedAt: sql`now()` })
      .where(eq(customFieldDefinitions.id, fieldId))
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'customField.archived',
      entityType: 'customField',
      entityId: fieldId,
      details: { key: current.key, candidatesWithValue: withValues },
    })
    return { ok: true as const, id: fieldId }
  })
}

/** The settings page's list: active fields in their order, then the archived ones, each with its candidates' count. */
export async function customFieldsOverview(db: DbOrTx, organisationId: string) {
  const fields = await db
    .select()
    .from(customFieldDefinitions)
    .where(eq(customFieldDefinitions.organisationId, organisationId))
    .orderBy(asc(customFieldDefinitions.position), asc(customFieldDefinitions.label))
  // From the counters kept by trigger (lib/candidates/counts.ts), not every candidate's fields.
  const counts = await candidateCountsBy(db, organisationId, 'field')
  const withCount = fields.map((f) => ({ ...f, withValues: counts.get(f.key) ?? 0 }))
  return { active: withCount.filter((f) => !f.archivedAt), archived: withCount.filter((f) => f.archivedAt) }
}
