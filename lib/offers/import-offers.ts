import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { FUP_MESSAGES, isCalendarDate, PHONE_PATTERN } from '@/lib/applies/fup-schema'
import type { Db, DbOrTx } from '@/lib/db/client'
import { partnerStructures, settingsListEntries, socialOffers } from '@/lib/db/schema'
import { decodeCsvText } from '@/lib/imports/decode-text'
import { parseImportFile } from '@/lib/imports/parse-file'
import { tagOf } from './challenges'
import { sanitizeDescription } from './sanitize-description'
import { PRODUCT_SOURCE } from './write-offer'

/**
 * Issue 12 §2 (none of the reference tools takes it): a structure's social offers from a CSV (or .xlsx) file, or from a
 * JSON file in the data·inclusion services schema. The preview checks every row (its line, French reasons); the
 * import writes the valid rows in one transaction, in batches. Imported offers keep their source, so they are
 * read-only in Passerelle; importing the same file again updates them (source + identifier) instead of duplicating.
 */
export const OFFER_IMPORT_MAX_ROWS = 10_000
const BATCH = 500

export const OFFER_IMPORT_MESSAGES = {
  unreadableJson: 'Le fichier JSON n’a pas pu être lu : vérifiez qu’il s’agit d’une liste de services au format data·inclusion.'.replace(' :', '\u00a0:'),
  notAList: 'Le fichier JSON doit contenir une liste de services (data·inclusion).',
  empty: 'Le fichier ne contient aucune offre.',
  tooMany: `Le fichier contient plus de ${OFFER_IMPORT_MAX_ROWS.toLocaleString('fr-FR').replace(/\s/g, '\u202f')} offres\u00a0: découpez-le.`,
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
  noValidRow: 'Aucune offre valide à importer : corrigez les lignes signalées.'.replace(' :', '\u00a0:'),
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
}

export type OfferImportLine = { line: number; name: string; errors: string[]; update: boolean }
type CheckedOffer = Omit<typeof socialOffers.$inferInsert, 'structureId'>

const CSV_COLUMNS: Record<string, keyof RawOffer> = {
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
const headerKey = (h: string) => h.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim()
const list = (v: string) => v.split(/[;,|]/).map((t) => t.trim()).filter(Boolean)

/** 'jj/mm/aaaa' or 'aaaa-mm-jj' (or an ISO date-time) → 'aaaa-mm-jj'; '' stays ''; anything else is returned as is (then refused). */
function isoDay(value: string): string {
  const v = value.trim()
  const fr = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v)
  if (fr) return `${fr[3]}-${fr[2]}-${fr[1]}`
  const iso = /^(\d{4}-\d{2}-\d{2})(?:T.*)?$/.exec(v)
  return iso ? iso[1]! : v
}

async function readCsv(bytes: Uint8Array, fileName: string): Promise<{ ok: true; rows: RawOffer[] } | { ok: false; error: string }> {
  const parsed = await parseImportFile(bytes, fileName)
  if (!parsed.ok) return parsed
  const columns = parsed.table.headers.map((h) => CSV_COLUMNS[headerKey(h)])
  const rows = parsed.table.rows.map(({ line, cells }) => {
    const raw: RawOffer = { line, source: '', offerId: '', name: '', description: '', start: '', end: '', tags: [], financingModes: [], address: '', contactName: '', contactPhone: '', contactMail: '', contactComment: '' }
    cells.forEach((cell, i) => {
      const key = columns[i]
      if (!key) return
      if (key === 'tags' || key === 'financingModes') raw[key] = list(cell)
      else if (key !== 'line') raw[key] = cell.trim()
    })
    raw.source ||= 'import-csv'
    raw.offerId ||= `${tagOf(raw.name) || 'offre'}-${line}`
    return raw
  })
  return { ok: true, rows }
}

/** A data·inclusion service (v0 and v1 field names): https://www.data.inclusion.beta.gouv.fr/ — the public schema. */
type DiService = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

/** Markdown-ish plain text of data·inclusion (paragraphs separated by blank lines) as simple HTML. */
function paragraphs(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

function readDataInclusion(bytes: Uint8Array): { ok: true; rows: RawOffer[] } | { ok: false; error: string } {
  let data: unknown
  try {
    data = JSON.parse(decodeCsvText(bytes).text)
  } catch {
    return { ok: false, error: OFFER_IMPORT_MESSAGES.unreadableJson }
  }
  // A bare list, or the API's page { items: [...] }.
  const services = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items) ? (data as { items: unknown[] }).items : null
  if (!services) return { ok: false, error: OFFER_IMPORT_MESSAGES.notAList }
  const rows = services.map((item, index): RawOffer => {
    const s = (item && typeof item === 'object' ? item : {}) as DiService
    const thematiques = Array.isArray(s.thematiques) ? s.thematiques.map(str).filter(Boolean) : []
    // 'mobilite--louer-un-vehicule' also belongs to 'mobilite': the challenges match the top-level thématique.
    const tags = [...new Set(thematiques.flatMap((t) => [t.split('--')[0]!, t]))]
    const detail = str(s.presentation_detail) || str(s.description)
    const address = [str(s.adresse), str(s.complement_adresse), [str(s.code_postal), str(s.commune)].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    return {
      line: index + 1,
      source: str(s.source) || 'data-inclusion',
      offerId: str(s.id) || `service-${index + 1}`,
      name: str(s.nom),
      description: detail ? paragraphs(detail) : paragraphs(str(s.presentation_resume)),
      start: '',
      end: str(s.date_suspension),
      tags,
      financingModes: [],
      address,
      contactName: str(s.contact_nom_prenom),
      contactPhone: str(s.telephone),
      contactMail: str(s.courriel),
      contactComment: [str(s.prise_rdv) ? `Prise de rendez-vous\u00a0: ${str(s.prise_rdv)}` : '', str(s.lien_source) ? `Fiche d’origine\u00a0: ${str(s.lien_source)}` : ''].filter(Boolean).join('\n'),
    }
  })
  return { ok: true, rows }
}

export type OfferImportAnalysis =
  | { ok: false; error: string }
  | { ok: true; format: 'csv' | 'data-inclusion'; lines: OfferImportLine[]; valid: number; invalid: number; updates: number; offers: CheckedOffer[] }

/** Reads and checks the file for a structure. Writes nothing. */
export async function analyseOfferImport(db: DbOrTx, structureId: string, bytes: Uint8Array, fileName: string): Promise<OfferImportAnalysis> {
  const isJson = /\.json$/i.test(fileName)
  const read = isJson ? readDataInclusion(bytes) : await readCsv(bytes, fileName)
  if (!read.ok) return read
  if (read.rows.length === 0) return { ok: false, error: OFFER_IMPORT_MESSAGES.empty }
  if (read.rows.length > OFFER_IMPORT_MAX_ROWS) return { ok: false, error: OFFER_IMPORT_MESSAGES.tooMany }

  const modes = await db.select({ value: settingsListEntries.value }).from(settingsListEntries).where(and(eq(settingsListEntries.kind, 'financingMode'), isNull(settingsListEntries.organisationId)))
  const knownModes = new Set(modes.map((m) => m.value))
  // Offers already in Passerelle under the same (source, identifier): updated when they are this structure's.
  const existing = new Map<string, string>()
  const sources = [...new Set(read.rows.map((r) => r.source))]
  for (const source of sources) {
    const ids = read.rows.filter((r) => r.source === source).map((r) => r.offerId)
    for (let i = 0; i < ids.length; i += 5000) {
      const found = await db.select({ offerId: socialOffers.offerId, structureId: socialOffers.structureId }).from(socialOffers).where(and(eq(socialOffers.source, source), inArray(socialOffers.offerId, ids.slice(i, i + 5000))))
      for (const f of found) existing.set(`${source}\u0000${f.offerId}`, f.structureId)
    }
  }

  const seen = new Map<string, number>()
  const lines: OfferImportLine[] = []
  const offers: CheckedOffer[] = []
  for (const raw of read.rows) {
    const errors: string[] = []
    if (!raw.name) errors.push(OFFER_IMPORT_MESSAGES.nameMissing)
    else if (raw.name.length > 200) errors.push(OFFER_IMPORT_MESSAGES.nameTooLong)
    if (raw.source === PRODUCT_SOURCE) errors.push(OFFER_IMPORT_MESSAGES.sourceReserved)
    const start = isoDay(raw.start)
    const end = isoDay(raw.end)
    if (start && !isCalendarDate(start)) errors.push(OFFER_IMPORT_MESSAGES.dateInvalid(raw.start))
    if (end && !isCalendarDate(end)) errors.push(OFFER_IMPORT_MESSAGES.dateInvalid(raw.end))
    if (start && end && isCalendarDate(start) && isCalendarDate(end) && end < start) errors.push(OFFER_IMPORT_MESSAGES.endBeforeStart)
    if (raw.contactMail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw.contactMail)) errors.push(OFFER_IMPORT_MESSAGES.emailFormat)
    if (raw.contactPhone && !PHONE_PATTERN.test(raw.contactPhone)) errors.push(OFFER_IMPORT_MESSAGES.phoneIncomplete)
    for (const m of raw.financingModes) if (!knownModes.has(m)) errors.push(OFFER_IMPORT_MESSAGES.financingUnknown(m))
    if (raw.description.length > 50_000) errors.push(OFFER_IMPORT_MESSAGES.descriptionTooLong)
    const key = `${raw.source}\u0000${raw.offerId}`
    const earlier = seen.get(key)
    if (earlier !== undefined) errors.push(OFFER_IMPORT_MESSAGES.duplicateInFile(earlier))
    else seen.set(key, raw.line)
    const owner = existing.get(key)
    if (owner && owner !== structureId) errors.push(OFFER_IMPORT_MESSAGES.otherStructure)
    lines.push({ line: raw.line, name: raw.name.slice(0, 200), errors, update: !!owner && owner === structureId })
    if (errors.length) continue
    offers.push({
      source: raw.source.slice(0, 100),
      offerId: raw.offerId.slice(0, 200),
      name: raw.name,
      description: sanitizeDescription(raw.description),
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
    })
  }
  const invalid = lines.filter((l) => l.errors.length).length
  return { ok: true, format: isJson ? 'data-inclusion' : 'csv', lines, valid: offers.length, invalid, updates: lines.filter((l) => !l.errors.length && l.update).length, offers }
}

/**
 * Writes the valid offers of an analysis in one transaction, 500 rows per statement: new ones inserted, the
 * structure's own (same source and identifier) updated. Returns how many of each.
 */
export async function commitOfferImport(db: Db, actor: { actorId: string; organisationId: string | null }, structureId: string, offers: CheckedOffer[]): Promise<{ ok: true; created: number; updated: number } | { ok: false; error: string }> {
  if (offers.length === 0) return { ok: false, error: OFFER_IMPORT_MESSAGES.noValidRow }
  return db.transaction(async (tx) => {
    const [structure] = await tx.select({ name: partnerStructures.name, website: partnerStructures.website }).from(partnerStructures).where(eq(partnerStructures.id, structureId))
    if (!structure) return { ok: false as const, error: 'Cette structure est introuvable.' }
    let created = 0
    let updated = 0
    for (let i = 0; i < offers.length; i += BATCH) {
      const rows = await tx
        .insert(socialOffers)
        .values(offers.slice(i, i + BATCH).map((o) => ({ ...o, id: randomUUID(), structureId, providerName: structure.name, providerWebsite: structure.website })))
        .onConflictDoUpdate({
          target: [socialOffers.source, socialOffers.offerId],
          // Only this structure's offers are updated (the preview refused the others').
          setWhere: sql`${socialOffers.structureId} = ${structureId}`,
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
            updatedAt: sql`now()`,
          },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` })
      for (const r of rows) (r.inserted ? created++ : updated++)
    }
    await writeAudit(tx, { actorId: actor.actorId, organisationId: actor.organisationId, action: 'socialOffers.imported', entityType: 'partnerStructure', entityId: structureId, details: { created, updated } })
    return { ok: true as const, created, updated }
  })
}
