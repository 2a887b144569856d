import { z } from 'zod'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { candidates, candidateStatuses, places, users } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { recordRead } from '@/lib/journal/record-read'
import { csvFile } from '@/lib/csv/csv'
import { parisToday } from '@/lib/dates'
import { formatDate, formatPhone } from '@/lib/format'
import { BULK_MAX_IDS, BULK_MESSAGES } from './bulk-status'
import { now as clockNow } from '@/lib/clock'

export const EXPORT_MESSAGES = {
  notFound: 'Certains candidats sont introuvables : rien n’a été exporté.',
} as const

/** POST /api/candidates/export body: the selected candidates' ids. */
export const exportBodySchema = z.object({
  ids: z
    .array(z.uuid({ message: EXPORT_MESSAGES.notFound }), { message: BULK_MESSAGES.noSelection })
    .min(1, BULK_MESSAGES.noSelection)
    .max(BULK_MAX_IDS, BULK_MESSAGES.tooMany),
})

/**
 * The export's columns. Identity and follow-up only: never the NIR; neither the CAF number nor the France Travail
 * identifier (what a list of candidates needs, no more).
 */
export const EXPORT_HEADERS = [
  'Nom',
  'Prénom',
  'Date de naissance',
  'Téléphone',
  'Email',
  'Adresse',
  'Quartier prioritaire',
  'Lieu de résidence',
  'Statut',
  'Référent',
  'Date de création',
] as const

export type ExportResult = { ok: true; csv: string; count: number; filename: string } | { ok: false; error: 'notFound' }

/**
 * The selected candidates of the organisation as a CSV for French spreadsheets (UTF-8 BOM, ';', every cell
 * neutralised against formula injection), with an audit row 'candidate.export' (count and ids). All or nothing: an id
 * of another organisation, or unknown, exports nothing and writes nothing.
 */
export async function exportCandidates(
  db: Db,
  params: { organisationId: string; ids: string[]; actorId: string; now?: Date },
): Promise<ExportResult> {
  const { organisationId, actorId, now = clockNow() } = params
  const ids = [...new Set(params.ids)]
  if (ids.length === 0) return { ok: false, error: 'notFound' }
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: candidates.id,
        lastName: candidates.lastName,
        firstName: candidates.firstName,
        birthDate: candidates.birthDate,
        phone: candidates.phone,
        email: candidates.email,
        address: candidates.addressFormatted,
        qpv: candidates.addressIsQpv,
        place: places.label,
        status: candidateStatuses.label,
        referent: sql<
          string | null
        >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
        createdAt: candidates.createdAt,
      })
      .from(candidates)
      .leftJoin(places, eq(places.id, candidates.placeId))
      .leftJoin(candidateStatuses, eq(candidateStatuses.id, candidates.statusId))
      .leftJoin(users, eq(users.id, candidates.referentId))
      .where(and(eq(candidates.organisationId, organisationId), inArray(candidates.id, ids)))
      .orderBy(asc(candidates.lastName), asc(candidates.firstName), asc(candidates.id))
    if (rows.length !== ids.length) return { ok: false, error: 'notFound' } as const
    await writeAudit(tx, {
      actorId,
      organisationId,
      action: 'candidate.export',
      entityType: 'organisation',
      entityId: organisationId,
      details: { count: rows.length, candidateIds: rows.map((r) => r.id) },
    })
    await recordRead(tx, {
      actorId,
      organisationId,
      ownerOrganisationId: organisationId,
      kind: 'export',
      count: rows.length,
      at: now,
    })
    const csv = csvFile([
      [...EXPORT_HEADERS],
      ...rows.map((r) => [
        r.lastName,
        r.firstName,
        formatDate(r.birthDate),
        formatPhone(r.phone),
        r.email,
        r.address,
        r.qpv ? 'Oui' : 'Non',
        r.place,
        r.status,
        r.referent,
        formatDate(r.createdAt),
      ]),
    ])
    return { ok: true, csv, count: rows.length, filename: `candidats-${parisToday(now)}.csv` } as const
  })
}
