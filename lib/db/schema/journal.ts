import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organisations, partnerStructures } from './tenants'

/**
 * Who read which person's file (CNIL délibération 2021-122): one row per read of a candidate's file, the FUP, the NIR,
 * a prescription seen by a partner, or an export (one row per export, with its count). Ids and the kind of read only.
 * No foreign keys: a row outlives the user or candidate it names until retention purges it.
 */
export const readJournal = pgTable(
  'read_journal',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    /** The reader's tenant: an organisation, or a partner structure (or both null for a signed link's reader). */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    structureId: uuid('structure_id').references(() => partnerStructures.id),
    /** The organisation that holds the person's file: whose administrators see the row. */
    ownerOrganisationId: uuid('owner_organisation_id').notNull(),
    /** The person read; null for an export of many. */
    candidateId: uuid('candidate_id'),
    /** One of READ_KINDS (lib/journal/record-read.ts). */
    kind: text('kind').notNull(),
    /** What was read when it is not the candidate's sheet itself: an apply, a FUP, a document, an export. */
    entityId: uuid('entity_id'),
    /** Persons included, for an export. */
    count: integer('count'),
  },
  (t) => [
    index('read_journal_owner_at_idx').on(t.ownerOrganisationId, t.at),
    index('read_journal_candidate_at_idx').on(t.candidateId, t.at),
    index('read_journal_actor_at_idx').on(t.actorId, t.at),
  ],
)
