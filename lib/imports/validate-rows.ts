import { fold, validateCandidate, type CandidateValues } from '@/lib/candidates/candidate-schema'
import { candidateSettings, referenceErrors, type CandidateSettings } from '@/lib/candidates/organisation-settings'
import { now as clockNow } from '@/lib/clock'
import { parisToday } from '@/lib/dates'
import type { DbOrTx } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { activeStaffOf } from '@/lib/organisation/active-staff'
import type { ColumnTarget } from './columns'
import { IMPORT_MESSAGES } from './messages'
import type { ImportRow } from './parse-file'

/** The organisation's settings, with its places and statuses keyed by folded label and its referents by email. */
export type ImportContext = {
  settings: CandidateSettings
  placeIds: Map<string, string>
  statusIds: Map<string, string>
  referentIds: Map<string, string>
  /** The Paris date a birth date may not pass (the domain clock's, read once for the file). */
  today: string
}

export async function loadImportContext(db: DbOrTx, organisationId: string): Promise<ImportContext> {
  // One after the other: on a transaction's single connection, concurrent queries would only queue.
  const settings = await candidateSettings(db, organisationId)
  // Same population as candidateSettings' referents (the active staff), with their email.
  const referentEmails = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(activeStaffOf(organisationId))
  const statusIds = new Map<string, string>()
  // A status is recognised by its value or its label; labels win when the two collide.
  for (const s of settings.statuses) statusIds.set(fold(s.value), s.id)
  for (const s of settings.statuses) statusIds.set(fold(s.label), s.id)
  return {
    settings,
    placeIds: new Map(settings.places.map((p) => [fold(p.label), p.id])),
    statusIds,
    referentIds: new Map(referentEmails.map((r) => [r.email.trim().toLowerCase(), r.id])),
    today: parisToday(clockNow()),
  }
}

export type CheckedRow =
  | { line: number; lastName: string; firstName: string; ok: true; values: CandidateValues }
  | { line: number; lastName: string; firstName: string; ok: false; reasons: string[] }

const GENDERS: Record<string, 'F' | 'M'> = {
  f: 'F',
  femme: 'F',
  feminin: 'F',
  female: 'F',
  w: 'F',
  woman: 'F',
  mme: 'F',
  madame: 'F',
  mlle: 'F',
  m: 'M',
  h: 'M',
  homme: 'M',
  masculin: 'M',
  male: 'M',
  man: 'M',
  mr: 'M',
  monsieur: 'M',
  'm.': 'M',
}
const YES = new Set(['oui', 'o', 'vrai', 'true', '1', 'yes', 'x'])
const NO = new Set(['non', 'n', 'faux', 'false', '0', 'no'])

/**
 * Each data row through the candidate rules (validateCandidate) and the organisation's references (referenceErrors),
 * place and status given by label (accent- and case-insensitive), the referent by email. Pure: no query per row.
 */
export function checkRows(rows: ImportRow[], mapping: ColumnTarget[], context: ImportContext): CheckedRow[] {
  const definitions = context.settings.customFields
  const columnOf = new Map<string, number>()
  mapping.forEach((target, index) => target && columnOf.set(target, index))
  const cell = (row: ImportRow, target: string): string | undefined => {
    const index = columnOf.get(target)
    return index === undefined ? undefined : (row.cells[index] ?? '').trim()
  }

  return rows.map((row) => {
    const reasons: string[] = []
    const input: Record<string, unknown> = {
      firstName: cell(row, 'firstName') ?? '',
      lastName: cell(row, 'lastName') ?? '',
    }
    for (const key of [
      'birthDate',
      'email',
      'socialSecurityNumber',
      'cafNumber',
      'poleEmploiNumber',
      'addressFormatted',
    ] as const) {
      const value = cell(row, key)
      if (value !== undefined) input[key] = value
    }
    const gender = cell(row, 'gender')
    if (gender) input.gender = GENDERS[fold(gender)] ?? gender
    const phone = cell(row, 'phone')
    // A phone typed in a numeric spreadsheet cell loses its leading 0 (612345678).
    if (phone !== undefined) input.phone = /^[1-9]\d{8}$/.test(phone) ? `0${phone}` : phone
    const qpv = cell(row, 'addressIsQpv')
    if (qpv) {
      if (YES.has(fold(qpv))) input.addressIsQpv = true
      else if (NO.has(fold(qpv))) input.addressIsQpv = false
      else reasons.push(IMPORT_MESSAGES.qpvInvalid)
    }
    const place = cell(row, 'place')
    if (place) {
      const id = context.placeIds.get(fold(place))
      if (id) input.placeId = id
      else reasons.push(IMPORT_MESSAGES.placeUnknown(place))
    }
    const status = cell(row, 'status')
    if (status) {
      const id = context.statusIds.get(fold(status))
      if (id) input.statusId = id
      else reasons.push(IMPORT_MESSAGES.statusUnknown(status))
    }
    const referent = cell(row, 'referent')
    if (referent) {
      const id = context.referentIds.get(referent.toLowerCase())
      if (id) input.referentId = id
      else reasons.push(IMPORT_MESSAGES.referentUnknown(referent))
    }
    const customFields: Record<string, string> = {}
    for (const def of definitions) {
      const value = cell(row, `custom:${def.key}`)
      if (value !== undefined && value !== '') customFields[def.key] = value
    }
    input.customFields = customFields

    const result = validateCandidate(input, definitions, context.today)
    if (!result.ok) reasons.push(...Object.values(result.errors))
    else reasons.push(...Object.values(referenceErrors(result.values, context.settings)))

    const names = {
      line: row.line,
      lastName: (cell(row, 'lastName') ?? '').slice(0, 100),
      firstName: (cell(row, 'firstName') ?? '').slice(0, 100),
    }
    if (!result.ok || reasons.length > 0) return { ...names, ok: false as const, reasons: [...new Set(reasons)] }
    return { ...names, ok: true as const, values: result.values }
  })
}
