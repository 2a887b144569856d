import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { FupSponsorLogo } from './applies'
import { socialOffers } from './offers'
import { organisations, partnerStructures } from './tenants'

/** One additional field of a FUP model: asked of the referent when prescribing, shown to the partner. */
export type FupModelField = {
  key: string
  label: string
  type: 'number' | 'text' | 'bool' | 'date' | 'list' | 'listMultiple'
  required: boolean
  options: { value: string; label: string }[]
}

/**
 * A FUP model (/v2/settings/modeles): an organisation's additional fields and sponsor logos for the sheets of one
 * partner structure, or of one of its offers. A prescription uses the offer's model, else the structure's.
 */
export const fupModels = pgTable(
  'fup_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    structureId: uuid('structure_id')
      .notNull()
      .references(() => partnerStructures.id, { onDelete: 'cascade' }),
    socialOfferId: uuid('social_offer_id').references(() => socialOffers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    additionalFields: jsonb('additional_fields')
      .$type<FupModelField[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sponsorsLogo: jsonb('sponsors_logo')
      .$type<FupSponsorLogo[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One model per structure (for all its offers) and one per offer, in each organisation.
    uniqueIndex('fup_models_structure_uq')
      .on(t.organisationId, t.structureId)
      .where(sql`social_offer_id is null`),
    uniqueIndex('fup_models_offer_uq')
      .on(t.organisationId, t.socialOfferId)
      .where(sql`social_offer_id is not null`),
    index('fup_models_organisation_idx').on(t.organisationId),
  ],
)
