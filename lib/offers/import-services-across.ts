import type { DbOrTx } from '@/lib/db/client'
import { structuresOfOrganisation } from '@/lib/partners/import-structures'
import { checkOffers, readDiServices, structureLabel, type OfferImportAnalysis } from './import-offers'

export const ACROSS_MESSAGES = {
  structureUnknown: (structure: string) =>
    `La structure de ce service («\u00a0${structure}\u00a0») n’est pas parmi vos partenaires\u00a0: importez d’abord le fichier de ses structures`,
  notRunning: (structure: string) =>
    `La structure de ce service («\u00a0${structure}\u00a0») publie ses offres elle-même\u00a0: seuls ceux qui la gèrent les importent`,
} as const

export type StructureCount = { structureId: string; name: string; valid: number; updates: number }

/**
 * A data·inclusion services file across the structures it names, each service to its own structure among
 * the organisation's partners — matched by SIRET (the search page's services carry their structure), else by the
 * data·inclusion structure id (kept when the structures were imported). A service whose structure is not one of the
 * organisation's, or one the organisation does not run (lib/partners/running.ts), is refused, never attached elsewhere. Writes nothing; commitOfferImport writes the valid ones.
 */
export async function analyseServicesAcross(
  db: DbOrTx,
  organisationId: string,
  bytes: Uint8Array,
): Promise<OfferImportAnalysis & { perStructure?: StructureCount[] }> {
  const read = readDiServices(bytes)
  if (!read.ok) return read
  const structures = await structuresOfOrganisation(db, organisationId)
  const bySiret = new Map(structures.filter((s) => s.siret).map((s) => [s.siret!, s]))
  const byId = new Map(structures.filter((s) => s.dataInclusionId).map((s) => [s.dataInclusionId!, s]))
  const rows = read.rows.map(({ raw, structure }) => {
    const found = (structure.siret && bySiret.get(structure.siret)) || (structure.id && byId.get(structure.id)) || null
    if (!found)
      return { ...raw, structureId: null, refusal: ACROSS_MESSAGES.structureUnknown(structureLabel(structure)) }
    // Working with a structure is not running it: its offers are written by those who run it only.
    if (!found.runs) return { ...raw, structureId: null, refusal: ACROSS_MESSAGES.notRunning(found.name) }
    return { ...raw, structureId: found.id }
  })
  const analysis = await checkOffers(db, 'data-inclusion', rows)
  if (!analysis.ok) return analysis
  const names = new Map(structures.map((s) => [s.id, s.name]))
  const counts = new Map<string, StructureCount>()
  for (const l of analysis.lines) {
    if (l.errors.length || !l.structureId) continue
    const c = counts.get(l.structureId) ?? {
      structureId: l.structureId,
      name: names.get(l.structureId) ?? '',
      valid: 0,
      updates: 0,
    }
    c.valid++
    if (l.update) c.updates++
    counts.set(l.structureId, c)
  }
  return { ...analysis, perStructure: [...counts.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr')) }
}
