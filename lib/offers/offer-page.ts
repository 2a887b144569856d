import { and, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import { challenges, settingsListEntries } from '@/lib/db/schema'
import { challengesOf } from './challenges'

/**
 * The service-type block's two reads, prepared once (lib/db/prepared.ts: every offer page reads them): the challenges
 * of a partner user (no organisation) or of an organisation user (its own, else the shared ones), and the financing
 * modes' labels.
 */
const challengesOfOffer = (db: DbOrTx, forOrganisation: boolean) =>
  prepared(db, forOrganisation ? 'offer_challenges_organisation' : 'offer_challenges_shared', (name) =>
    db
      .select({ id: challenges.id, name: challenges.name, icon: challenges.icon })
      .from(challenges)
      .where(
        and(
          sql`${challenges.tags} && ${sql.placeholder('tags')}::text[]`,
          forOrganisation ? challengesOf(sql.placeholder('organisationId')) : challengesOf(null),
        ),
      )
      .orderBy(challenges.position)
      .prepare(name),
  )
const financingModeLabels = (db: DbOrTx) =>
  prepared(db, 'financing_mode_labels', (name) =>
    db
      .select({ value: settingsListEntries.value, label: settingsListEntries.label })
      .from(settingsListEntries)
      .where(
        and(
          eq(settingsListEntries.kind, 'financingMode'),
          isNull(settingsListEntries.organisationId),
          sql`${settingsListEntries.value} = any(${sql.placeholder('values')}::text[])`,
        ),
      )
      .prepare(name),
  )

/** Spec §2 service-type block: the challenges whose tags meet the offer's, and the labels of its financing modes. */
export async function offerServiceType(
  db: DbOrTx,
  offer: { tags: string[]; financingModes: string[] },
  organisationId: string | null,
) {
  const [challengeRows, modes] = await Promise.all([
    offer.tags.length ? challengesOfOffer(db, !!organisationId).execute({ tags: offer.tags, organisationId }) : [],
    offer.financingModes.length ? financingModeLabels(db).execute({ values: offer.financingModes }) : [],
  ])
  const labels = new Map(modes.map((m) => [m.value, m.label]))
  return {
    challenges: challengeRows,
    financingModes: offer.financingModes.map((value) => ({ value, label: labels.get(value) ?? value })),
  }
}
