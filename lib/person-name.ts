/**
 * A person's displayed name (a candidate, a user), in one of two orders:
 * - "Prénom Nom" (`fullName`) where a person is named: a page's title, a sentence, a message, a referent, an author;
 * - "Nom Prénom" (`listName`) where people are listed by family name: the tables and pickers sorted by it, a
 *   sign-in sheet.
 * A missing part is left out; nothing at all gives ''. The exports' SQL writes the first order the same way
 * (lib/exports/datasets.ts).
 */
export type PersonName = { firstName?: string | null; lastName?: string | null }

const join = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ')

/** "Marie Dupont". */
export const fullName = (p: PersonName): string => join(p.firstName, p.lastName)

/** "Dupont Marie". */
export const listName = (p: PersonName): string => join(p.lastName, p.firstName)
