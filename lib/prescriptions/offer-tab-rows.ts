import { asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { formatDate, parisToday } from '@/lib/dates'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, candidateStatuses, documents, fups, places, socialApplies, users } from '@/lib/db/schema'
import { formatPhone } from '@/lib/phone'
import { text } from '@/lib/text/safe-text'
import { causeLabelSql } from './causes'
import { APPLY_STATES, type ApplyState } from './states'
import { waitingSentence } from './waiting-time'

/**
 * A tab of the offer page, the same on both sides (the partner structure that answers, the organisation that
 * prescribed): what a page of it asks for, and the rows it shows.
 */

/** The body of spec §7 "Fetch applies by tab" (a POST body: the search text never goes into a URL). */
export const listRequestSchema = z.object({
  tab: z.enum(APPLY_STATES),
  search: text().max(100).default(''),
  placeIds: z.array(z.uuid()).max(50).default([]),
  statusValues: z.array(text().max(100)).max(50).default([]),
  page: z.number().int().min(1).max(100_000).default(1),
})
export type ListRequest = z.input<typeof listRequestSchema>

/**
 * A row as the offer page's table shows it: dates, phones and the wait are written on the server (dd/MM/yyyy in Paris,
 * '06 12 34 56 78'), so the browser carries no date or phone code and the rows it reads again (a tab, a page, a search)
 * come the same way. An empty value is ''.
 */
export type ApplyRow = {
  id: string
  candidate: {
    id: string
    firstName: string
    lastName: string
    phone: string
    place: string | null
    status: string | null
  }
  prescription: { documentId: string; name: string } | null
  prescriptionDate: string
  /** "En attente depuis 12 jours" while the partner has not answered, '' once answered. */
  waiting: string
  responseDate: string
  firstReceptionDate: string
  assessmentDate: string
  accompaniement: string | null
  otherIntegratedSocialOffers: { name: string; integrationDate: string }[]
  author: { firstName: string; lastName: string; phone: string; email: string }
  hasFup: boolean
  cause: string | null
  /** The prescribing organisation's label of the cause, '-' without one (spec §3). */
  causeLabel: string
}

/** The offer page's columns for the applies whose ids `pageIds` selects, in the tab's order (joined for those rows only). */
export function selectRows(db: DbOrTx, pageIds: SQL, tab: ApplyState) {
  const author = alias(users, 'author')
  return (
    db
      .select({
        id: socialApplies.id,
        candidateId: candidates.id,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        phone: candidates.phone,
        place: places.label,
        status: candidateStatuses.label,
        documentId: documents.id,
        documentName: documents.name,
        prescriptionDate: socialApplies.prescriptionDate,
        responseDate: socialApplies.responseDate,
        firstReceptionDate: socialApplies.firstReceptionDate,
        assessmentDate: socialApplies.assessmentDate,
        accompaniement: socialApplies.accompaniement,
        cause: socialApplies.cause,
        causeLabel: causeLabelSql(sql`${socialApplies.organisationId}`, sql`${socialApplies.cause}`),
        authorFirstName: author.firstName,
        authorLastName: author.lastName,
        authorPhone: author.phone,
        authorEmail: author.email,
        hasFup: sql<boolean>`${fups.id} is not null`,
        // Aliases are spelled out: Drizzle renders an aliased table inside sql`` by its alias only.
        others: sql<{ name: string; integrationDate: string }[]>`coalesce((
        select json_agg(json_build_object('name', other_offer.name, 'integrationDate', other.response_date) order by other.response_date desc)
        from social_applies other join social_offers other_offer on other_offer.id = other.social_offer_id
        where other.candidate_id = ${socialApplies.candidateId} and other.state = 'INTEGRATED_CANDIDATE'
          and other.id <> ${socialApplies.id} and not other.archived
      ), '[]'::json)`,
      })
      .from(socialApplies)
      .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
      .leftJoin(places, eq(places.id, candidates.placeId))
      .leftJoin(candidateStatuses, eq(candidateStatuses.id, candidates.statusId))
      .leftJoin(fups, eq(fups.socialApplyId, socialApplies.id))
      // Once answered, 'Fiche.pdf' is the answered sheet (prescription and answer); before, the prescription sheet.
      .leftJoin(
        documents,
        eq(documents.id, sql`coalesce(${fups.answerDocumentId}, ${socialApplies.prescriptionDocumentId})`),
      )
      .innerJoin(author, eq(author.id, socialApplies.authorId))
      .where(sql`${socialApplies.id} in (${pageIds})`)
      // Pending: the longest-waiting first (partner-lists.ts); answered: the latest answer first.
      .orderBy(
        ...(tab === 'PRESCRIPTION_FILLED'
          ? [asc(socialApplies.prescriptionDate), asc(socialApplies.id)]
          : [desc(socialApplies.responseDate), desc(socialApplies.id)]),
      )
  )
}

export type RowRecord = Awaited<ReturnType<typeof selectRows>>[number]

/** Selected rows as the offer page's tables show them, the wait counted to today in Paris. */
export function toApplyRows(records: RowRecord[], at: Date = now()): ApplyRow[] {
  const today = parisToday(at)
  return records.map((r) => ({
    id: r.id,
    candidate: {
      id: r.candidateId,
      firstName: r.firstName,
      lastName: r.lastName,
      phone: formatPhone(r.phone),
      place: r.place,
      status: r.status,
    },
    prescription: r.documentId ? { documentId: r.documentId, name: r.documentName ?? 'Fiche.pdf' } : null,
    prescriptionDate: formatDate(r.prescriptionDate),
    waiting: r.responseDate ? '' : waitingSentence(r.prescriptionDate, today),
    responseDate: formatDate(r.responseDate),
    firstReceptionDate: formatDate(r.firstReceptionDate),
    assessmentDate: formatDate(r.assessmentDate),
    accompaniement: r.accompaniement,
    otherIntegratedSocialOffers: r.others.map((o) => ({
      name: o.name,
      integrationDate: formatDate(o.integrationDate),
    })),
    author: {
      firstName: r.authorFirstName,
      lastName: r.authorLastName,
      phone: formatPhone(r.authorPhone),
      email: r.authorEmail,
    },
    hasFup: r.hasFup,
    cause: r.cause,
    causeLabel: r.causeLabel,
  }))
}
