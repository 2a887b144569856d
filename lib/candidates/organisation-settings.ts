import { asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidateStatuses, customFieldDefinitions, places } from '@/lib/db/schema'
import { activeStaffChoices } from '@/lib/organisation/active-staff'
import { CANDIDATE_MESSAGES, type CustomFieldDefinition } from './candidate-schema'

/**
 * What a candidate form, filter bar or import needs from the organisation's settings. One query after the other:
 * inside a transaction they share one connection, which runs one statement at a time anyway (node-postgres warns
 * when several are sent on it at once).
 */
export async function candidateSettings(db: DbOrTx, organisationId: string) {
  const placeRows = await db
    .select({ id: places.id, label: places.label })
    .from(places)
    .where(eq(places.organisationId, organisationId))
    .orderBy(asc(places.label))
  const statusRows = await db
    .select({ id: candidateStatuses.id, value: candidateStatuses.value, label: candidateStatuses.label })
    .from(candidateStatuses)
    .where(eq(candidateStatuses.organisationId, organisationId))
    .orderBy(asc(candidateStatuses.position), asc(candidateStatuses.label))
  const fieldRows = await db
    .select({
      key: customFieldDefinitions.key,
      label: customFieldDefinitions.label,
      type: customFieldDefinitions.type,
      options: customFieldDefinitions.options,
      required: customFieldDefinitions.required,
      archived: sql<boolean>`${customFieldDefinitions.archivedAt} is not null`,
    })
    .from(customFieldDefinitions)
    .where(eq(customFieldDefinitions.organisationId, organisationId))
    .orderBy(asc(customFieldDefinitions.position), asc(customFieldDefinitions.label))
  // Archived fields leave the forms; their values stay readable on the sheet and in the history.
  const definition = ({ archived: _archived, ...f }: (typeof fieldRows)[number]) => f as CustomFieldDefinition
  // Referents a candidate can be assigned to: the organisation's active staff.
  const referentRows = await activeStaffChoices(db, organisationId)
  return {
    places: placeRows,
    statuses: statusRows,
    customFields: fieldRows.filter((f) => !f.archived).map(definition),
    archivedCustomFields: fieldRows.filter((f) => f.archived).map(definition),
    referents: referentRows,
  }
}

export type CandidateSettings = Awaited<ReturnType<typeof candidateSettings>>

/**
 * The place, status and referent of a validated candidate must be the organisation's own:
 * a crafted id of another organisation gets the French message of that field and nothing is written.
 */
export function referenceErrors(
  values: { placeId: string | null; statusId: string | null; referentId: string | null },
  settings: CandidateSettings,
): Record<string, string> {
  const message = CANDIDATE_MESSAGES.referenceInvalid
  const errors: Record<string, string> = {}
  if (values.placeId && !settings.places.some((p) => p.id === values.placeId)) errors.placeId = message
  if (values.statusId && !settings.statuses.some((s) => s.id === values.statusId)) errors.statusId = message
  if (values.referentId && !settings.referents.some((r) => r.id === values.referentId)) errors.referentId = message
  return errors
}
