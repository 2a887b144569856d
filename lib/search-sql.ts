import { sql, type SQL } from 'drizzle-orm'
import { SEARCH_MIN_LENGTH } from '@/lib/constants'

/**
 * Whether `haystack` holds the typed `text`, accents and case aside (passerelle_unaccent of both sides; a generated
 * search_text column is already unaccented and lower-case, and trigram-indexed where a list must be fast). % and _ are
 * literal. The caller decides from how many characters a search applies (SEARCH_MIN_LENGTH).
 */
export function containsText(haystack: SQL, text: string): SQL {
  return sql`${haystack} like '%' || passerelle_unaccent(lower(${text.replace(/[\\%_]/g, '\\$&')})) || '%'`
}

/** A list's search box: containsText from SEARCH_MIN_LENGTH characters (trimmed), no condition below. */
export function searchedText(haystack: SQL, search: string | undefined): SQL | undefined {
  const s = search?.trim() ?? ''
  return s.length < SEARCH_MIN_LENGTH ? undefined : containsText(haystack, s)
}
