import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organisations } from './tenants'

/**
 * An organisation's own permission list for one of its roles (/v2/settings/permissions). Without a
 * row, the role keeps the default of lib/permissions.ts. Read with the session, so a change applies at once.
 */
export const organisationRolePermissions = pgTable(
  'organisation_role_permissions',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    permissions: text('permissions').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'organisation_role_permissions_pk', columns: [t.organisationId, t.role] })],
)

/**
 * An organisation's refusal causes. The spec's six are the defaults and need no row; a row renames or
 * disables one of them, or adds a cause of the organisation's own. A code never changes once stored, so past
 * answers keep a label (a disabled cause leaves the choices only).
 */
export const organisationRefusalCauses = pgTable(
  'organisation_refusal_causes',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'organisation_refusal_causes_pk', columns: [t.organisationId, t.code] })],
)
