import { sql } from 'drizzle-orm'
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { DiagnosisAnswers } from '@/lib/diagnosis/questionnaire'
import { users } from './auth'
import { candidates } from './candidates'
import { organisations } from './tenants'

/**
 * A diagnosis of a candidate's project and barriers. A counsellor fills it with the person ('draft', then
 * 'completed'), or sends it by SMS: the person answers through a token link ('sent'), and the answer waits for the
 * counsellor's review ('toReview') before it counts ('completed'). Only completed diagnoses make the sheet's history.
 */
export const diagnosisStatusEnum = pgEnum('diagnosis_status', ['draft', 'sent', 'toReview', 'completed'])

export const diagnoses = pgTable(
  'diagnoses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    status: diagnosisStatusEnum('status').notNull().default('draft'),
    answers: jsonb('answers')
      .$type<DiagnosisAnswers>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Who started it (fills it, or sent it), then who completed it. */
    authorId: text('author_id').references(() => users.id),
    completedById: text('completed_by_id').references(() => users.id),
    /** The person's link: only its SHA-256 is kept; valid 7 days, once. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('diagnoses_token_uq').on(t.tokenHash),
    // The sheet: a candidate's completed diagnoses, newest first; and the one under way.
    index('diagnoses_candidate_idx').on(t.organisationId, t.candidateId, t.completedAt),
  ],
)
