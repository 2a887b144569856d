import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organisations } from './tenants'

/**
 * An organisation's own permission list for one of its roles (issue 15 §3, /v2/settings/permissions). Without a
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
