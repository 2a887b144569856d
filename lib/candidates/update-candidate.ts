import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { writeAudit } from '@/lib/audit'
import { candidates } from '@/lib/db/schema'
import type { CandidateErrors, CandidateValues } from './candidate-schema'
import { checkCandidate } from './create-candidate'
import { candidateSettings } from './organisation-settings'
import { CANDIDATE_FIELDS } from './field-labels'
import { nirColumns } from './nir-columns'
import { nirBlindIndexes } from '@/lib/crypto/nir-cipher'
import { now as clockNow } from '@/lib/clock'

export type UpdateCandidateResult =
  { ok: true; changed: string[] } | { ok: false; notFound: true } | { ok: false; errors: CandidateErrors }

/**
 * Saves the edit form of a candidate of the organisation, with the same rules as the creation.
 * The form never holds the stored NIR: an empty NIR keeps it (and it is checked again against the gender and
 * birth date given), `clearNir` removes it, a typed one replaces it. One transaction, with an audit row listing
 * the names of the changed fields only ('customFields.<key>' for custom fields); nothing changed, nothing written.
 * Another organisation's candidate is "not found" and stays untouched.
 */
export async function updateCandidate(
  db: DbOrTx,
  {
    organisationId,
    actorId,
    candidateId,
    input,
    clearNir = false,
  }: { organisationId: string; actorId: string; candidateId: string; input: unknown; clearNir?: boolean },
): Promise<UpdateCandidateResult> {
  // The settings are read before the transaction, which then holds the candidate's row lock only for the checks and the write.
  const settings = await candidateSettings(db, organisationId)
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(candidates)
      .where(and(eq(candidates.id, candidateId), eq(candidates.organisationId, organisationId)))
      .for('update')
    if (!current) return { ok: false, notFound: true } as const

    const typedNir =
      isRecord(input) && typeof input.socialSecurityNumber === 'string' && input.socialSecurityNumber.trim() !== ''
    const withNir = isRecord(input) && (clearNir || !typedNir) ? { ...input, socialSecurityNumber: null } : input
    // The kept NIR stays encrypted: its first five characters are enough to check it against the gender and birth date.
    const keptPrefix = clearNir || typedNir ? null : current.nirPrefix
    const checked = checkCandidate(settings, withNir, keptPrefix)
    if (!checked.ok) return checked
    // The values of archived fields are not in the form: they stay as they are.
    const active = new Set(settings.customFields.map((f) => f.key))
    const archivedValues = Object.fromEntries(
      Object.entries(current.customFields ?? {}).filter(([key]) => !active.has(key)),
    )
    checked.values.customFields = { ...archivedValues, ...checked.values.customFields }

    const { socialSecurityNumber: typed, ...values } = checked.values
    const nirChange = nirChangeOf(current, typed, clearNir)
    const changed = changedFields(current, checked.values, nirChange !== 'keep')
    if (changed.length === 0) return { ok: true, changed }
    await tx
      .update(candidates)
      .set({
        ...values,
        ...(nirChange === 'keep' ? {} : nirColumns(nirChange === 'replace' ? typed : null)),
        updatedAt: clockNow(),
      })
      .where(and(eq(candidates.id, candidateId), eq(candidates.organisationId, organisationId)))
    await writeAudit(tx, {
      actorId,
      organisationId,
      action: 'candidate.update',
      entityType: 'candidate',
      entityId: candidateId,
      details: { fields: changed },
    })
    return { ok: true, changed }
  })
}

/** A typed NIR equal to the stored one (compared by blind index, the stored one is never decrypted) changes nothing. */
function nirChangeOf(
  current: typeof candidates.$inferSelect,
  typed: string | null,
  clearNir: boolean,
): 'keep' | 'clear' | 'replace' {
  if (clearNir) return current.nirEncrypted ? 'clear' : 'keep'
  if (!typed) return 'keep'
  const same = current.nirBlindIndex !== null && nirBlindIndexes(typed).includes(current.nirBlindIndex)
  return same ? 'keep' : 'replace'
}

function changedFields(current: typeof candidates.$inferSelect, next: CandidateValues, nirChanged: boolean): string[] {
  const changed: string[] = CANDIDATE_FIELDS.filter((field) =>
    field === 'socialSecurityNumber' ? nirChanged : (current[field] ?? null) !== (next[field] ?? null),
  )
  const keys = new Set([...Object.keys(current.customFields ?? {}), ...Object.keys(next.customFields)])
  for (const key of [...keys].sort()) {
    if (JSON.stringify(current.customFields?.[key] ?? null) !== JSON.stringify(next.customFields[key] ?? null))
      changed.push(`customFields.${key}`)
  }
  return changed
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
