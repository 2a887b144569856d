import type { DbOrTx } from '@/lib/db/client'
import { writeAudit } from '@/lib/audit'
import { candidates } from '@/lib/db/schema'
import { fieldsThatParse, validateCandidate, type CandidateErrors, type CandidateValues } from './candidate-schema'
import { findDuplicates, lockOrganisationCandidates, type DuplicateMatch } from './duplicates'
import { nirColumns } from './nir-columns'
import { NIR_KEY_MISSING_MESSAGE, nirKeyringOrNull } from '@/lib/crypto/nir-cipher'
import { candidateSettings, referenceErrors, type CandidateSettings } from './organisation-settings'
import { parisToday } from '@/lib/dates'
import { now as clockNow } from '@/lib/clock'

export type CreateCandidateResult =
  { ok: true; id: string } | { ok: false; errors: CandidateErrors } | { ok: false; duplicates: DuplicateMatch[] }

/**
 * Validates a candidate against an organisation's settings: the field rules and custom fields (validateCandidate),
 * and the place, status and referent, which must be the organisation's own — all of them in one pass, so that a
 * refused form shows every message at once (a reference gone meanwhile beside a wrong phone).
 */
export function checkCandidate(
  settings: CandidateSettings,
  input: unknown,
  keptNirPrefix: string | null = null,
): { ok: true; values: CandidateValues } | { ok: false; errors: CandidateErrors } {
  const checked = validateCandidate(input, settings.customFields, parisToday(clockNow()), keptNirPrefix)
  const fields = checked.ok ? checked.values : fieldsThatParse(input)
  const errors: CandidateErrors = {
    ...referenceErrors(
      { placeId: fields.placeId ?? null, statusId: fields.statusId ?? null, referentId: fields.referentId ?? null },
      settings,
    ),
    ...(checked.ok ? {} : checked.errors),
  }
  // A server without the NIR key refuses to store a NIR rather than store it in clear; the rest of the form works.
  if (fields.socialSecurityNumber && !nirKeyringOrNull()) errors.socialSecurityNumber ??= NIR_KEY_MISSING_MESSAGE
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors }
  return checked
}

/**
 * Creates a candidate of the organisation with its audit row, in one transaction. Unless the person confirmed,
 * a candidate with the same NIR, or the same names and birth date, stops the creation and is returned instead.
 * The audit row holds ids only (the duplicates the person chose to ignore), never the candidate's data.
 */
export async function createCandidate(
  db: DbOrTx,
  {
    organisationId,
    actorId,
    input,
    confirmDuplicates = false,
    matchNir = false,
  }: {
    organisationId: string
    actorId: string
    input: unknown
    confirmDuplicates?: boolean
    /** A same-NIR candidate counts only for users who may read NIRs (else the warning would reveal who has one). */
    matchNir?: boolean
  },
): Promise<CreateCandidateResult> {
  const checked = checkCandidate(await candidateSettings(db, organisationId), input)
  if (!checked.ok) return checked
  const { socialSecurityNumber, ...v } = checked.values
  const probe = {
    nir: matchNir ? socialSecurityNumber : null,
    lastName: v.lastName,
    firstName: v.firstName,
    birthDate: v.birthDate,
  }

  const outcome = await db.transaction(async (tx) => {
    // The check and the insert under one lock: two submissions at once cannot both pass it.
    await lockOrganisationCandidates(tx, organisationId)
    const duplicates = (await findDuplicates(tx, organisationId, [probe])).get(0) ?? []
    if (duplicates.length > 0 && !confirmDuplicates) return { ok: false as const, duplicates }
    const [row] = await tx
      .insert(candidates)
      .values({ organisationId, ...v, ...nirColumns(socialSecurityNumber) })
      .returning({ id: candidates.id })
    await writeAudit(tx, {
      actorId,
      organisationId,
      action: 'candidate.create',
      entityType: 'candidate',
      entityId: row!.id,
      details: duplicates.length ? { confirmedDuplicateOf: duplicates.map((d) => d.candidateId) } : {},
    })
    return { ok: true as const, id: row!.id }
  })
  return outcome
}
