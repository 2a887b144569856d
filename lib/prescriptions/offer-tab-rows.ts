import { asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, candidateStatuses, documents, fups, places, socialApplies, users } from '@/lib/db/schema'
import { text } from '@/lib/text/safe-text'
import { causeLabelSql } from './causes'
import { APPLY_STATES, type ApplyState } from './states'

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

export type ApplyRow = {
  id: string
  candidate: {
    id: string
    firstName: string
    lastName: string
    phone: string | null
    place: string | null
    status: string | null
  }
  prescription: { documentId: string; name: string } | null
  prescriptionDate: Date
  responseDate: Date | null
  firstReceptionDate: string | null
  assessmentDate: string | null
  accompaniement: string | null
  otherIntegratedSocialOffers: { name: string; integrationDate: string }[]
  author: { firstName: string; lastName: string; phone: string | null; email: string }
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

/** A selected row in the shape the offer page's tables read. */
export function toApplyRow(r: RowRecord): ApplyRow {
  return {
    id: r.id,
    candidate: {
      id: r.candidateId,
      firstName: r.firstName,
      lastName: r.lastName,
      phone: r.phone,
      place: r.place,
      status: r.status,
    },
    prescription: r.documentId ? { documentId: r.documentId, name: r.documentName ?? 'Fiche.pdf' } : null,
    prescriptionDate: r.prescriptionDate,
    responseDate: r.responseDate,
    firstReceptionDate: r.firstReceptionDate,
    assessmentDate: r.assessmentDate,
    accompaniement: r.accompaniement,
    otherIntegratedSocialOffers: r.others,
    author: { firstName: r.authorFirstName, lastName: r.authorLastName, phone: r.authorPhone, email: r.authorEmail },
    hasFup: r.hasFup,
    cause: r.cause,
    causeLabel: r.causeLabel,
  }
}
