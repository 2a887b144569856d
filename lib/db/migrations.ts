import path from 'node:path'

/**
 * Where drizzle-kit writes the SQL migrations (drizzle.config.ts's `out`): the migrator applies them, the health
 * check counts them.
 */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle')
