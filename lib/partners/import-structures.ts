import { and, eq, inArray, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { isPhoneNumber } from '@/lib/phone'
import type { Db, DbOrTx } from '@/lib/db/client'
import { organisationPartnerStructures, partnerStructures } from '@/lib/db/schema'
import { DIRECTORY_MESSAGES } from '@/lib/directory/fields'
import { diAddress, diId, readDiItems, str } from '@/lib/offers/data-inclusion'
import { markdownToPlainText } from '@/lib/offers/render-markdown'
import { formatNumber } from '@/lib/numbers'
import { isValidSiret, normalizeSiret } from '@/lib/siret'
import { activeStructureAdmin } from './running'

/**
 * Partner structures from a data·inclusion structures file (the same three shapes as services, v0 or v1).
 * One SIRET is one structure: a SIRET Passerelle knows is linked to the organisation, as when it is typed,
 * and keeps its data; a new one is created with its name, address, phone, email, website and presentation. A line
 * without a valid SIRET is refused. The preview says what each line will do; the import does it in one transaction.
 */
export const STRUCTURE_IMPORT_MAX_ROWS = 5_000
const BATCH = 500

export const STRUCTURE_IMPORT_MESSAGES = {
  empty: 'Le fichier ne contient aucune structure.',
  tooMany: `Le fichier contient plus de ${formatNumber(STRUCTURE_IMPORT_MAX_ROWS)} structures\u00a0: découpez-le.`,
  nameMissing: 'Le nom de la structure est obligatoire',
  siretMissing:
    'SIRET absent\u00a0: Passerelle reconnaît chaque structure à son SIRET (ajoutez-la depuis «\u00a0Ajouter une structure\u00a0»)',
  siretInvalid: (siret: string) =>
    `SIRET «\u00a0${siret}\u00a0» invalide\u00a0: ${DIRECTORY_MESSAGES.siretInvalid.charAt(0).toLowerCase()}${DIRECTORY_MESSAGES.siretInvalid.slice(1, -1)}`,
  duplicateInFile: (line: number) => `Même SIRET que la ligne ${line} du fichier`,
  noValidRow: 'Aucune structure à importer\u00a0: corrigez les lignes signalées.',
} as const

export type StructureImportLine = {
  line: number
  name: string
  siret: string
  status: 'created' | 'linked' | 'refused'
  /** Refused: why. Linked: whether it already was one of the organisation's partners. */
  reason?: string
  alreadyPartner?: boolean
  /** What is kept of a line that is imported anyway (an unusable phone, email or website is left out). */
  notes?: string[]
}
type NewStructure = {
  name: string
  siret: string
  addressFormatted: string | null
  phone: string | null
  email: string | null
  website: string | null
  presentation: string
  dataInclusionId: string | null
}
export type StructureImportAnalysis =
  | { ok: false; error: string }
  | {
      ok: true
      lines: StructureImportLine[]
      created: number
      linked: number
      refused: number
      structures: NewStructure[]
    }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Reads and checks a structures file for an organisation. Writes nothing. */
export async function analyseStructureImport(
  db: DbOrTx,
  organisationId: string,
  bytes: Uint8Array,
): Promise<StructureImportAnalysis> {
  const read = readDiItems(bytes, 'structures')
  if (!read.ok) return read
  if (read.items.length === 0) return { ok: false, error: STRUCTURE_IMPORT_MESSAGES.empty }
  if (read.items.length > STRUCTURE_IMPORT_MAX_ROWS) return { ok: false, error: STRUCTURE_IMPORT_MESSAGES.tooMany }
  const sirets = [...new Set(read.items.map((r) => normalizeSiret(str(r.siret))).filter(isValidSiret))]
  const known = new Map<string, { id: string; partner: boolean }>()
  for (let i = 0; i < sirets.length; i += BATCH) {
    const rows = await db
      .select({
        id: partnerStructures.id,
        siret: partnerStructures.siret,
        partner: sql<boolean>`${organisationPartnerStructures.structureId} is not null`,
      })
      .from(partnerStructures)
      .leftJoin(
        organisationPartnerStructures,
        and(
          eq(organisationPartnerStructures.structureId, partnerStructures.id),
          eq(organisationPartnerStructures.organisationId, organisationId),
        ),
      )
      .where(inArray(partnerStructures.siret, sirets.slice(i, i + BATCH)))
    for (const r of rows) known.set(r.siret!, { id: r.id, partner: r.partner })
  }
  const seen = new Map<string, number>()
  const lines: StructureImportLine[] = []
  const structures: NewStructure[] = []
  read.items.forEach((r, index) => {
    const line = index + 1
    const name = str(r.nom).slice(0, 200)
    const typed = str(r.siret)
    const siret = normalizeSiret(typed)
    const refuse = (reason: string) => lines.push({ line, name, siret: typed, status: 'refused', reason })
    if (!name) return refuse(STRUCTURE_IMPORT_MESSAGES.nameMissing)
    if (!typed) return refuse(STRUCTURE_IMPORT_MESSAGES.siretMissing)
    if (!isValidSiret(siret)) return refuse(STRUCTURE_IMPORT_MESSAGES.siretInvalid(typed))
    const earlier = seen.get(siret)
    if (earlier !== undefined) return refuse(STRUCTURE_IMPORT_MESSAGES.duplicateInFile(earlier))
    seen.set(siret, line)
    const dataInclusionId = diId(str(r.source), str(r.id)) || null
    const existing = known.get(siret)
    if (existing) {
      lines.push({ line, name, siret, status: 'linked', alreadyPartner: existing.partner })
      structures.push({
        name,
        siret,
        addressFormatted: null,
        phone: null,
        email: null,
        website: null,
        presentation: '',
        dataInclusionId,
      })
      return
    }
    const notes: string[] = []
    const phone = str(r.telephone).replace(/^\+33\s?/, '0')
    const email = str(r.courriel).toLowerCase()
    const website = str(r.site_web)
    if (phone && !isPhoneNumber(phone)) notes.push(`Téléphone «\u00a0${str(r.telephone)}\u00a0» non repris`)
    if (email && !EMAIL.test(email)) notes.push(`Email «\u00a0${email}\u00a0» non repris`)
    if (website && !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(website))
      notes.push(`Site «\u00a0${website}\u00a0» non repris`)
    lines.push({ line, name, siret, status: 'created', ...(notes.length ? { notes } : {}) })
    structures.push({
      name,
      siret,
      addressFormatted: diAddress(r).slice(0, 500) || null,
      phone: phone && isPhoneNumber(phone) ? phone : null,
      email: email && EMAIL.test(email) ? email.slice(0, 254) : null,
      website: website && /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(website) ? website.slice(0, 500) : null,
      presentation: markdownToPlainText(
        str(r.description) || str(r.presentation_detail) || str(r.presentation_resume),
      ).slice(0, 5000),
      dataInclusionId,
    })
  })
  const count = (status: StructureImportLine['status']) => lines.filter((l) => l.status === status).length
  return { ok: true, lines, created: count('created'), linked: count('linked'), refused: count('refused'), structures }
}

/**
 * Creates the new structures and links them all to the organisation, in one transaction. A structure created meanwhile
 * under the same SIRET (another organisation) is linked instead, as createPartnerStructure does; a structure without a
 * data·inclusion id takes the file's, so that a services file finds it. Audit rows as for a typed SIRET.
 */
export async function commitStructureImport(
  db: Db,
  actor: { organisationId: string; actorId: string },
  structures: NewStructure[],
): Promise<{ ok: true; created: number; linked: number } | { ok: false; error: string }> {
  if (structures.length === 0) return { ok: false, error: STRUCTURE_IMPORT_MESSAGES.noValidRow }
  return db.transaction(async (tx) => {
    const createdIds = new Set<string>()
    const ids = new Map<string, string>()
    for (let i = 0; i < structures.length; i += BATCH) {
      const batch = structures.slice(i, i + BATCH)
      const created = await tx
        .insert(partnerStructures)
        .values(batch.map(({ dataInclusionId: _ignored, ...s }) => ({ ...s, organisationId: actor.organisationId })))
        .onConflictDoNothing({ target: partnerStructures.siret, where: sql`siret is not null` })
        .returning({ id: partnerStructures.id })
      for (const c of created) createdIds.add(c.id)
      const rows = await tx
        .select({ id: partnerStructures.id, siret: partnerStructures.siret })
        .from(partnerStructures)
        .where(
          inArray(
            partnerStructures.siret,
            batch.map((s) => s.siret),
          ),
        )
      for (const r of rows) ids.set(r.siret!, r.id)
    }
    for (const s of structures) {
      if (!s.dataInclusionId) continue
      // The id goes to one structure only: a second structure claiming it keeps none. And only to a structure this
      // organisation runs (created now, or created by it and without an administrator of its own): linking another's
      // structure writes nothing of it.
      await tx.execute(
        sql`update ${partnerStructures} set data_inclusion_id = ${s.dataInclusionId} where id = ${ids.get(s.siret)!} and data_inclusion_id is null and not exists (select 1 from ${partnerStructures} o where o.data_inclusion_id = ${s.dataInclusionId})
          and organisation_id = ${actor.organisationId} and not exists (select 1 from "user" where ${activeStructureAdmin(sql`${partnerStructures.id}`)})`,
      )
    }
    const all = [...ids.values()]
    const links: string[] = []
    for (let i = 0; i < all.length; i += BATCH) {
      const rows = await tx
        .insert(organisationPartnerStructures)
        .values(all.slice(i, i + BATCH).map((structureId) => ({ organisationId: actor.organisationId, structureId })))
        .onConflictDoNothing()
        .returning({ id: organisationPartnerStructures.structureId })
      links.push(...rows.map((r) => r.id))
    }
    await writeAudit(tx, [
      ...links.map((id) => ({
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: createdIds.has(id) ? 'partnerStructure.created' : 'partnerStructure.linked',
        entityType: 'partnerStructure',
        entityId: id,
      })),
      {
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'partnerStructures.imported',
        entityType: 'organisation',
        entityId: actor.organisationId,
        details: { created: createdIds.size, linked: links.length - createdIds.size },
      },
    ])
    return { ok: true as const, created: createdIds.size, linked: all.length - createdIds.size }
  })
}

/** The organisation's partner structures a services file may name: by SIRET and by data·inclusion id. */
export async function structuresOfOrganisation(db: DbOrTx, organisationId: string) {
  return db
    .select({
      id: partnerStructures.id,
      name: partnerStructures.name,
      siret: partnerStructures.siret,
      dataInclusionId: partnerStructures.dataInclusionId,
      // Whether the organisation runs it (created it, and it has no administrator of its own yet): lib/partners/running.ts.
      runs: sql<boolean>`${partnerStructures.organisationId} is not distinct from ${organisationId}::uuid and not exists (select 1 from "user" where ${activeStructureAdmin(sql`${partnerStructures.id}`)})`,
    })
    .from(partnerStructures)
    .innerJoin(
      organisationPartnerStructures,
      and(
        eq(organisationPartnerStructures.structureId, partnerStructures.id),
        eq(organisationPartnerStructures.organisationId, organisationId),
      ),
    )
}
