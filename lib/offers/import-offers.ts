import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { FUP_MESSAGES } from '@/lib/prescriptions/fup-answer-schema'
import { isCalendarDate } from '@/lib/calendar-date'
import type { Db, DbOrTx } from '@/lib/db/client'
import { partnerStructures, settingsListEntries, socialOffers, type OfferSourceInfo } from '@/lib/db/schema'
import { parseImportFile } from '@/lib/imports/parse-file'
import { formatNumber } from '@/lib/numbers'
import { isPhoneNumber } from '@/lib/phone'
import { tagOf } from './thematiques'
import { diService, readDiItems, type DiService } from './data-inclusion'
import { sanitizeDescription } from './sanitize-description'
import { PRODUCT_SOURCE } from './write-offer'

/**
 * A structure's social offers from a CSV (or .xlsx) file, or from a
 * JSON file of data·inclusion services (any of the API's shapes, v0 or v1; lib/offers/data-inclusion.ts). The preview checks every row (its line, French reasons); the
 * import writes the valid rows in one transaction, in batches. Imported offers keep their source, so they are
 * read-only in Passerelle; importing the same file again updates them (source + identifier) instead of duplicating.
 */
export const OFFER_IMPORT_MAX_ROWS = 10_000
const BATCH = 500

export const OFFER_IMPORT_MESSAGES = {
  empty: 'Le fichier ne contient aucune offre.',
  tooMany: `Le fichier contient plus de ${formatNumber(OFFER_IMPORT_MAX_ROWS).replace(/\s/g, '\u202f')} offres\u00a0: découpez-le.`,
  nameMissing: 'Le nom de l’offre est obligatoire',
  nameTooLong: 'Le nom de l’offre dépasse 200 caractères',
  dateInvalid: (label: string) => `La date «\u00a0${label}\u00a0» n’est pas valide (jj/mm/aaaa ou aaaa-mm-jj)`,
  endBeforeStart: 'La date de fin précède la date de début',
  emailFormat: FUP_MESSAGES.emailFormat,
  phoneIncomplete: FUP_MESSAGES.phoneIncomplete,
  financingUnknown: (value: string) => `Le mode de financement «\u00a0${value}\u00a0» n’existe pas`,
  sourceReserved: 'La source «\u00a0passerelle\u00a0» est réservée aux offres écrites dans Passerelle',
  duplicateInFile: (line: number) => `Même identifiant que la ligne ${line} du fichier`,
  otherStructure: 'Cette offre (même source et même identifiant) appartient à une autre structure',
  descriptionTooLong: 'La description dépasse 50 000 caractères',
  serviceOfOtherStructure: (structure: string) =>
    `Ce service appartient à une autre structure («\u00a0${structure}\u00a0»)\u00a0: importez-le depuis sa fiche, ou importez le fichier depuis la page des structures partenaires`,
  noValidRow: 'Aucune offre valide à importer\u00a0: corrigez les lignes signalées.',
} as const

/** An offer as read from the file, before checks. */
type RawOffer = {
  line: number
  source: string
  offerId: string
  name: string
  description: string
  start: string
  end: string
  tags: string[]
  financingModes: string[]
  address: string
  contactName: string
  contactPhone: string
  contactMail: string
  contactComment: string
  /** data·inclusion's description arrives rendered and sanitised (lib/offers/render-markdown.ts). */
  descriptionIsHtml?: boolean
  sourceInfo?: OfferSourceInfo
}

export type OfferImportLine = {
  line: number
  name: string
  errors: string[]
  update: boolean
  structureId: string | null
}
export type CheckedOffer = typeof socialOffers.$inferInsert & { structureId: string }

type CsvField = Exclude<keyof RawOffer, 'line' | 'descriptionIsHtml' | 'sourceInfo'>
const CSV_COLUMNS: Record<string, CsvField> = {
  identifiant: 'offerId',
  id: 'offerId',
  source: 'source',
  nom: 'name',
  description: 'description',
  presentation: 'description',
  'date de debut': 'start',
  debut: 'start',
  'date de fin': 'end',
  fin: 'end',
  etiquettes: 'tags',
  thematiques: 'tags',
  'modes de financement': 'financingModes',
  financement: 'financingModes',
  adresse: 'address',
  'nom du contact': 'contactName',
  contact: 'contactName',
  'telephone du contact': 'contactPhone',
  telephone: 'contactPhone',
  'email du contact': 'contactMail',
  email: 'contactMail',
  courriel: 'contactMail',
  'informations pratiques': 'contactComment',
  commentaire: 'contactComment',
}
const headerKey = (h: string) =>
  h.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim()
const list = (v: string) =>
  v
    .split(/[;,|]/)
    .map((t) => t.trim())
    .filter(Boolean)

/** 'jj/mm/aaaa' or 'aaaa-mm-jj' (or an ISO date-time) → 'aaaa-mm-jj'; '' stays ''; anything else is returned as is (then refused). */
function isoDay(value: string): string {
  const v = value.trim()
  const fr = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v)
  if (fr) return `${fr[3]}-${fr[2]}-${fr[1]}`
  const iso = /^(\d{4}-\d{2}-\d{2})(?:T.*)?$/.exec(v)
  return iso ? iso[1]! : v
}

async function readCsv(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ ok: true; rows: RawOffer[] } | { ok: false; error: string }> {
  const parsed = await parseImportFile(bytes, fileName)
  if (!parsed.ok) return parsed
  const columns = parsed.table.headers.map((h) => CSV_COLUMNS[headerKey(h)])
  const rows = parsed.table.rows.map(({ line, cells }) => {
    const raw: RawOffer = {
      line,
      source: '',
      offerId: '',
      name: '',
      description: '',
      start: '',
      end: '',
      tags: [],
      financingModes: [],
      address: '',
      contactName: '',
      contactPhone: '',
      contactMail: '',
      contactComment: '',
    }
    cells.forEach((cell, i) => {
      const key = columns[i]
      if (!key) return
      if (key === 'tags' || key === 'financingModes') raw[key] = list(cell)
      else raw[key] = cell.trim()
    })
    raw.source ||= 'import-csv'
    raw.offerId ||= `${tagOf(raw.name) || 'offre'}-${line}`
    return raw
  })
  return { ok: true, rows }
}

export type OfferImportAnalysis =
  | { ok: false; error: string }
  | {
      ok: true
      format: 'csv' | 'data-inclusion'
      lines: OfferImportLine[]
      valid: number
      invalid: number
      updates: number
      offers: CheckedOffer[]
    }

/** A row read from a file, with the structure it goes to (null: refused for `refusal`). */
export type TargetedOffer = RawOffer & { structureId: string | null; refusal?: string }

function diRow(service: DiService, line: number): RawOffer {
  return {
    line,
    source: service.source,
    offerId: service.offerId,
    name: service.name,
    description: service.description,
    descriptionIsHtml: true,
    start: '',
    end: service.end,
    tags: service.tags,
    financingModes: [],
    address: service.address,
    contactName: service.contactName,
    contactPhone: service.contactPhone,
    contactMail: service.contactMail,
    contactComment: '',
    sourceInfo: service.sourceInfo,
  }
}

/** The file's services as rows (data·inclusion) with the structure each names. */
export function readDiServices(
  bytes: Uint8Array,
): { ok: true; rows: { raw: RawOffer; structure: DiService['structure'] }[] } | { ok: false; error: string } {
  const read = readDiItems(bytes, 'services')
  if (!read.ok) return read
  return {
    ok: true,
    rows: read.items.map((item, i) => {
      const service = diService(item, i)
      return { raw: diRow(service, i + 1), structure: service.structure }
    }),
  }
}

/** How a service's structure is told, for a reason shown to a person. */
export const structureLabel = (named: DiService['structure']) =>
  named.name || (named.siret ? `SIRET ${named.siret}` : named.id) || 'inconnue'

/**
 * The services of a data·inclusion file that belong to the chosen structure — matched by SIRET, else by the
 * data·inclusion structure id. A file that names one structure (or none) is that structure's, unless its SIRET or id
 * says otherwise; a file that names several imports only the services that are positively this structure's.
 */
async function targetDiRows(
  db: DbOrTx,
  structureId: string,
  rows: { raw: RawOffer; structure: DiService['structure'] }[],
): Promise<TargetedOffer[]> {
  const [chosen] = await db
    .select({ siret: partnerStructures.siret, dataInclusionId: partnerStructures.dataInclusionId })
    .from(partnerStructures)
    .where(eq(partnerStructures.id, structureId))
  const named = new Set(rows.map((r) => r.structure.siret || r.structure.id).filter(Boolean))
  return rows.map(({ raw, structure }) => {
    const verdict =
      structure.siret && chosen?.siret
        ? structure.siret === chosen.siret
        : structure.id && chosen?.dataInclusionId
          ? structure.id === chosen.dataInclusionId
          : null
    if (verdict === true || (verdict === null && named.size <= 1)) return { ...raw, structureId }
    return {
      ...raw,
      structureId: null,
      refusal: OFFER_IMPORT_MESSAGES.serviceOfOtherStructure(structureLabel(structure)),
    }
  })
}

/** Reads and checks the file for a structure. Writes nothing. */
export async function analyseOfferImport(
  db: DbOrTx,
  structureId: string,
  bytes: Uint8Array,
  fileName: string,
): Promise<OfferImportAnalysis> {
  const isJson = /\.json$/i.test(fileName)
  if (isJson) {
    const read = readDiServices(bytes)
    if (!read.ok) return read
    return checkOffers(db, 'data-inclusion', await targetDiRows(db, structureId, read.rows))
  }
  const read = await readCsv(bytes, fileName)
  if (!read.ok) return read
  return checkOffers(
    db,
    'csv',
    read.rows.map((r) => ({ ...r, structureId })),
  )
}

/** Every row checked (its line, French reasons); the valid ones ready for commitOfferImport. Writes nothing. */
export async function checkOffers(
  db: DbOrTx,
  format: 'csv' | 'data-inclusion',
  rows: TargetedOffer[],
): Promise<OfferImportAnalysis> {
  if (rows.length === 0) return { ok: false, error: OFFER_IMPORT_MESSAGES.empty }
  if (rows.length > OFFER_IMPORT_MAX_ROWS) return { ok: false, error: OFFER_IMPORT_MESSAGES.tooMany }

  const modes = await db
    .select({ value: settingsListEntries.value })
    .from(settingsListEntries)
    .where(and(eq(settingsListEntries.kind, 'financingMode'), isNull(settingsListEntries.organisationId)))
  const knownModes = new Set(modes.map((m) => m.value))
  // Offers already in Passerelle under the same (source, identifier): updated when they are the same structure's.
  const existing = new Map<string, string>()
  const sources = [...new Set(rows.map((r) => r.source))]
  for (const source of sources) {
    const ids = rows.filter((r) => r.source === source).map((r) => r.offerId)
    for (let i = 0; i < ids.length; i += 5000) {
      const found = await db
        .select({ offerId: socialOffers.offerId, structureId: socialOffers.structureId })
        .from(socialOffers)
        .where(and(eq(socialOffers.source, source), inArray(socialOffers.offerId, ids.slice(i, i + 5000))))
      for (const f of found) existing.set(`${source}\u0000${f.offerId}`, f.structureId)
    }
  }

  const seen = new Map<string, number>()
  const lines: OfferImportLine[] = []
  const offers: CheckedOffer[] = []
  for (const raw of rows) {
    const errors: string[] = []
    if (raw.refusal) errors.push(raw.refusal)
    if (!raw.name) errors.push(OFFER_IMPORT_MESSAGES.nameMissing)
    else if (raw.name.length > 200) errors.push(OFFER_IMPORT_MESSAGES.nameTooLong)
    if (raw.source === PRODUCT_SOURCE) errors.push(OFFER_IMPORT_MESSAGES.sourceReserved)
    const start = isoDay(raw.start)
    const end = isoDay(raw.end)
    if (start && !isCalendarDate(start)) errors.push(OFFER_IMPORT_MESSAGES.dateInvalid(raw.start))
    if (end && !isCalendarDate(end)) errors.push(OFFER_IMPORT_MESSAGES.dateInvalid(raw.end))
    if (start && end && isCalendarDate(start) && isCalendarDate(end) && end < start)
      errors.push(OFFER_IMPORT_MESSAGES.endBeforeStart)
    if (raw.contactMail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw.contactMail))
      errors.push(OFFER_IMPORT_MESSAGES.emailFormat)
    if (raw.contactPhone && !isPhoneNumber(raw.contactPhone)) errors.push(OFFER_IMPORT_MESSAGES.phoneIncomplete)
    for (const m of raw.financingModes) if (!knownModes.has(m)) errors.push(OFFER_IMPORT_MESSAGES.financingUnknown(m))
    if (raw.description.length > 50_000) errors.push(OFFER_IMPORT_MESSAGES.descriptionTooLong)
    const key = `${raw.source}\u0000${raw.offerId}`
    const earlier = seen.get(key)
    if (earlier !== undefined) errors.push(OFFER_IMPORT_MESSAGES.duplicateInFile(earlier))
    else seen.set(key, raw.line)
    const owner = existing.get(key)
    if (owner && raw.structureId && owner !== raw.structureId) errors.push(OFFER_IMPORT_MESSAGES.otherStructure)
    const update = !!owner && owner === raw.structureId
    lines.push({ line: raw.line, name: raw.name.slice(0, 200), errors, update, structureId: raw.structureId })
    if (errors.length || !raw.structureId) continue
    offers.push({
      structureId: raw.structureId,
      source: raw.source.slice(0, 100),
      offerId: raw.offerId.slice(0, 200),
      name: raw.name,
      // data·inclusion's markdown was rendered and sanitised when read; a CSV's HTML is sanitised here.
      description: raw.descriptionIsHtml ? raw.description : sanitizeDescription(raw.description),
      serviceStartDate: start || null,
      serviceEndDate: end || null,
      tags: [...new Set(raw.tags.map(tagOf).filter(Boolean))].slice(0, 30),
      financingModes: [...new Set(raw.financingModes)],
      providerName: '',
      addressFormatted: raw.address.slice(0, 500) || null,
      contactName: raw.contactName.slice(0, 200) || null,
      contactPhone: raw.contactPhone || null,
      contactMail: raw.contactMail.toLowerCase() || null,
      contactComment: raw.contactComment.slice(0, 1000) || null,
      sourceInfo: raw.sourceInfo,
    })
  }
  const invalid = lines.filter((l) => l.errors.length).length
  return {
    ok: true,
    format,
    lines,
    valid: offers.length,
    invalid,
    updates: lines.filter((l) => !l.errors.length && l.update).length,
    offers,
  }
}

/**
 * Writes the valid offers of an analysis in one transaction, 500 rows per statement: new ones inserted, each
 * structure's own (same source and identifier) updated. Each offer goes to its own structure (one, or
 * the several a data·inclusion file names); one audit row per structure. Returns how many of each.
 */
export async function commitOfferImport(
  db: Db,
  actor: { actorId: string; organisationId: string | null },
  offers: CheckedOffer[],
): Promise<{ ok: true; created: number; updated: number } | { ok: false; error: string }> {
  if (offers.length === 0) return { ok: false, error: OFFER_IMPORT_MESSAGES.noValidRow }
  return db.transaction(async (tx) => {
    const ids = [...new Set(offers.map((o) => o.structureId))]
    const structures = new Map(
      (
        await tx
          .select({ id: partnerStructures.id, name: partnerStructures.name, website: partnerStructures.website })
          .from(partnerStructures)
          .where(inArray(partnerStructures.id, ids))
      ).map((s) => [s.id, s]),
    )
    if (structures.size !== ids.length) return { ok: false as const, error: 'Cette structure est introuvable.' }
    const counts = new Map(ids.map((id) => [id, { created: 0, updated: 0 }]))
    for (let i = 0; i < offers.length; i += BATCH) {
      const batch = offers.slice(i, i + BATCH)
      const rows = await tx
        .insert(socialOffers)
        .values(
          batch.map((o) => ({
            ...o,
            id: randomUUID(),
            providerName: structures.get(o.structureId)!.name,
            providerWebsite: structures.get(o.structureId)!.website,
          })),
        )
        .onConflictDoUpdate({
          target: [socialOffers.source, socialOffers.offerId],
          // Only the same structure's offers are updated (the preview refused the others').
          setWhere: sql`${socialOffers.structureId} = excluded.structure_id`,
          set: {
            name: sql`excluded.name`,
            description: sql`excluded.description`,
            serviceStartDate: sql`excluded.service_start_date`,
            serviceEndDate: sql`excluded.service_end_date`,
            tags: sql`excluded.tags`,
            financingModes: sql`excluded.financing_modes`,
            addressFormatted: sql`excluded.address_formatted`,
            contactName: sql`excluded.contact_name`,
            contactPhone: sql`excluded.contact_phone`,
            contactMail: sql`excluded.contact_mail`,
            contactComment: sql`excluded.contact_comment`,
            sourceInfo: sql`excluded.source_info`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ structureId: socialOffers.structureId, inserted: sql<boolean>`(xmax = 0)` })
      for (const r of rows) {
        const c = counts.get(r.structureId)!
        if (r.inserted) c.created++
        else c.updated++
      }
    }
    await writeAudit(
      tx,
      [...counts].map(([structureId, c]) => ({
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'socialOffers.imported',
        entityType: 'partnerStructure',
        entityId: structureId,
        details: c,
      })),
    )
    const total = [...counts.values()].reduce(
      (t, c) => ({ created: t.created + c.created, updated: t.updated + c.updated }),
      { created: 0, updated: 0 },
    )
    return { ok: true as const, ...total }
  })
}
