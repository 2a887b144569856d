import { and, asc, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { settingsListEntries } from '@/lib/db/schema'
import { challengesOfTags, listChallenges } from './challenges'

/** What the offer form offers: the organisation's challenges (the defaults for a partner) and the financing modes. */
export async function offerFormChoices(db: DbOrTx, organisationId: string | null) {
  const [challenges, modes] = await Promise.all([
    listChallenges(db, organisationId),
    db
      .select({ value: settingsListEntries.value, label: settingsListEntries.label })
      .from(settingsListEntries)
      .where(and(eq(settingsListEntries.kind, 'financingMode'), isNull(settingsListEntries.organisationId)))
      .orderBy(asc(settingsListEntries.label)),
  ])
  return { all: challenges, challenges: challenges.map((c) => ({ value: c.id, label: c.name })), financingModes: modes }
}

/** An offer's form values: its challenges checked, its other tags as text. */
export function offerFormValues(
  offer: {
    name: string
    description: string
    serviceStartDate: string | null
    serviceEndDate: string | null
    tags: string[]
    financingModes: string[]
    addressFormatted: string | null
    contactComment: string | null
    contactName: string | null
    contactPhone: string | null
    contactMail: string | null
  },
  challenges: { id: string; name: string; icon: string; tags: string[] }[],
) {
  const matched = challengesOfTags(challenges, offer.tags)
  const covered = new Set(matched.flatMap((c) => c.tags))
  return {
    name: offer.name,
    description: offer.description,
    serviceStartDate: offer.serviceStartDate ?? '',
    serviceEndDate: offer.serviceEndDate ?? '',
    tags: offer.tags.filter((t) => !covered.has(t)),
    challengeIds: matched.map((c) => c.id),
    financingModes: offer.financingModes,
    addressFormatted: offer.addressFormatted ?? '',
    contactComment: offer.contactComment ?? '',
    contactName: offer.contactName ?? '',
    contactPhone: offer.contactPhone ?? '',
    contactMail: offer.contactMail ?? '',
  }
}

export const EMPTY_OFFER = {
  name: '',
  description: '',
  serviceStartDate: null,
  serviceEndDate: null,
  tags: [],
  financingModes: [],
  addressFormatted: null,
  contactComment: null,
  contactName: null,
  contactPhone: null,
  contactMail: null,
}
