import { and, arrayOverlaps, eq, inArray, isNull } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { challenges, settingsListEntries } from '@/lib/db/schema'
import { challengesOf } from './challenges'

/** Spec §2 service-type block: the challenges whose tags meet the offer's, and the labels of its financing modes. */
export async function offerServiceType(db: DbOrTx, offer: { tags: string[]; financingModes: string[] }, organisationId: string | null) {
  const [challengeRows, modes] = await Promise.all([
    offer.tags.length ? db.select({ id: challenges.id, name: challenges.name, icon: challenges.icon }).from(challenges).where(and(arrayOverlaps(challenges.tags, offer.tags), challengesOf(organisationId))).orderBy(challenges.position) : [],
    offer.financingModes.length
      ? db
          .select({ value: settingsListEntries.value, label: settingsListEntries.label })
          .from(settingsListEntries)
          .where(and(eq(settingsListEntries.kind, 'financingMode'), isNull(settingsListEntries.organisationId), inArray(settingsListEntries.value, offer.financingModes)))
      : [],
  ])
  const labels = new Map(modes.map((m) => [m.value, m.label]))
  return { challenges: challengeRows, financingModes: offer.financingModes.map((value) => ({ value, label: labels.get(value) ?? value })) }
}
