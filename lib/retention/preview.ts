import type { DbOrTx } from '@/lib/db/client'
import { formatDate } from '@/lib/dates'
import { countInactiveCandidates } from './anonymise'
import { nextRetentionRun } from './run-retention'

/** The administrators' preview of the next nightly run: "N candidats seront anonymisés le 26/11/2026." */
export async function retentionPreview(db: DbOrTx, organisationId: string, retentionDays: number, at: Date): Promise<string> {
  const run = nextRetentionRun(at)
  const count = await countInactiveCandidates(db, organisationId, run, retentionDays)
  const day = formatDate(run)
  if (count === 0) return `Aucun candidat ne sera anonymisé le ${day}.`
  if (count === 1) return `1 candidat sera anonymisé le ${day}.`
  return `${count.toLocaleString('fr-FR')} candidats seront anonymisés le ${day}.`
}
