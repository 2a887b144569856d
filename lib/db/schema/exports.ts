import { sql } from 'drizzle-orm'
import {
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth'
import { organisations } from './tenants'

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

export const exportStatusEnum = pgEnum('export_status', ['queued', 'running', 'done', 'failed'])

/**
 * An export asked for in /v2/settings/exports: its data set, columns, filters and format, run by the job
 * queue with its progress, then its file (in export_chunks) kept 7 days for the user who asked for it alone.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dataset: text('dataset').notNull(),
    columns: text('columns').array().notNull(),
    filters: jsonb('filters').$type<Record<string, string | string[] | null>>().notNull().default({}),
    format: text('format').notNull(),
    status: exportStatusEnum('status').notNull().default('queued'),
    totalRows: integer('total_rows'),
    doneRows: integer('done_rows').notNull().default(0),
    fileName: text('file_name'),
    byteSize: integer('byte_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the file goes (7 days after it was made); the row stays, without its file, as the trace of what was asked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * A running export's heartbeat (set at each page it writes) and its attempt: a job worker killed in the middle
     * leaves a stale heartbeat, which the minutely recovery turns into a new attempt (lib/exports/recover-exports.ts);
     * a run whose attempt is no longer the row's stops at its next page and writes nothing.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    attempt: integer('attempt').notNull().default(0),
  },
  (t) => [
    index('data_exports_requester_idx').on(t.organisationId, t.requestedBy, t.createdAt.desc()),
    index('data_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`expires_at is not null`),
    index('data_exports_running_idx')
      .on(t.heartbeatAt)
      .where(sql`status = 'running'`),
  ],
)

/** An export's file, in pieces of at most 1 MB: written and read as streams, never whole in memory, on any app server. */
export const exportChunks = pgTable(
  'export_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
)
