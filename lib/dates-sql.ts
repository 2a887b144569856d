import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm'
import { TIME_ZONE } from './dates'

/**
 * lib/dates.ts's Paris time inside SQL, for the server only (lib/dates.ts runs in the browser, which has no use for
 * Drizzle). The zone is written as a literal, not a parameter, so that an expression index can match it.
 */
const ZONE = sql.raw(`'${TIME_ZONE}'`)

type Expression = SQLWrapper | AnyColumn

/** The Paris calendar day of a timestamp column, as a `date`: what a "from"/"to" day filter compares. */
export const parisDaySql = (column: Expression): SQL => sql`(${column} at time zone ${ZONE})::date`

/** A timestamp column as Paris wall-clock text, in to_char's pattern ('DD/MM/YYYY', 'HH24:MI', 'YYYY-MM-DD'). */
export const parisTextSql = (column: Expression, pattern: string): SQL =>
  sql`to_char(${column} at time zone ${ZONE}, ${sql.raw(`'${pattern.replace(/'/g, "''")}'`)})`

/** The instant of a Paris wall-clock `timestamp` (without zone), e.g. the first midnight of a month. */
export const parisInstantSql = (wallClock: SQL): SQL => sql`((${wallClock}) at time zone ${ZONE})`
