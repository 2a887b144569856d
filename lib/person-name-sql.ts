import { sql, type SQL } from 'drizzle-orm'

/**
 * lib/person-name.ts's "Prénom Nom" inside SQL, for the server only: the first and last names of the row aliased
 * `alias` (a candidate, a user), a missing part left out, null when there is no name at all.
 */
export const fullNameSql = (alias: string): SQL => {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`Not an SQL alias: ${alias}`)
  return sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`)
}
