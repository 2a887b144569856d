'use server'

import { z } from 'zod'
import { getDirectoryOffer } from '@/lib/offers/directory-access'
import { linkDestinationOfOffer } from './answer-by-link'
import { searchPickableCandidates } from '@/lib/candidates/pickable'
import { PAGE_SIZE } from '@/lib/constants'
import { formatDate } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { defineAction, id, search } from '@/lib/frame/action'
import { failure } from '@/lib/frame/outcome'
import { modelForOffer } from '@/lib/fup-models/models'
import { offerForViewer } from '@/lib/offers/access'
import { prescribableOffers } from '@/lib/offers/directory'
import { listName } from '@/lib/person-name'
import { PRESCRIBER } from './may-prescribe'
import { listRequestSchema } from './offer-tab-rows'
import { markAnswerRead, markAnswersRead } from './referent-follows-up'
import { listOrganisationApplies, prescribedOffers } from './referent-lists'
import { prescribe, type PrescribeInput } from './referent-prescribes'
import { MANUAL_STATUS_ERRORS, updateManualStatus } from './referent-records-answer'
import { nudgePartner } from './reminders'
import { now } from '@/lib/clock'

/** The server actions of an organisation's users: prescribing, recording a manual answer, reading what came back. */

const prescriber = {
  ...PRESCRIBER,
  forbidden: 'Vous ne pouvez pas prescrire\u00a0: connectez-vous avec un compte de votre organisation.',
} as const

/** The candidate picker: the search text travels in the POST body, never in a URL. */
export const searchCandidatesAction = defineAction({
  ...prescriber,
  name: 'prescription.candidates',
  input: z.tuple([z.unknown().transform((v) => (typeof v === 'string' ? v.slice(0, 100) : ''))]),
  run: async ({ organisationId, input: [search] }) => {
    const rows = await searchPickableCandidates(getDb(), organisationId, search, { listWithoutSearch: true })
    return {
      ok: true as const,
      candidates: rows.map((c) => ({
        id: c.id,
        name: listName(c),
        detail: [c.birthDate ? `né(e) le ${formatDate(c.birthDate)}` : null, c.place].filter(Boolean).join(' · '),
      })),
    }
  },
})

/**
 * The FUP list's offer picker: the offers the organisation (or, with « Uniquement les miennes », the user) prescribed
 * to whose name holds the text (in the body), by name, OFFER_CHOICES at most. Who reads the list may search it.
 */
export const searchFupOffersAction = defineAction({
  permission: 'candidate.visualize',
  tenant: 'organisation',
  name: 'prescription.fup-offers',
  fallback: null,
  input: z.tuple([search, z.enum(['mine', 'all'])]),
  run: async ({ user, organisationId, input: [text, scope] }) =>
    prescribedOffers(getDb(), organisationId, { search: text, authorId: scope === 'mine' ? user.id : null }),
})

/** Prescribes a candidate to a social offer (a sheet the partner answers in Passerelle, or a manual prescription). */
export const prescribeAction = defineAction({
  ...prescriber,
  name: 'prescription.create',
  failed: 'La prescription n’a pas pu être enregistrée. Réessayez dans un instant.',
  input: z.tuple([z.custom<PrescribeInput>()]),
  run: async ({ user, organisationId, input: [input] }) => {
    const result = await prescribe(getDb(), { organisationId, authorId: user.id, input })
    return result.ok
      ? { ok: true as const, applyId: result.applyId, offerName: result.offerName, waitlistRank: result.waitlistRank }
      : result
  },
})

/**
 * "Relancer le partenaire" on a waiting prescription of the organisation: the reminder, now, at most once a week
 * (./reminders.ts).
 */
export const nudgePartnerAction = defineAction({
  ...prescriber,
  name: 'prescription.nudge',
  failed: 'La relance n’a pas pu être envoyée. Réessayez dans un instant.',
  input: z.tuple([id('Cette prescription est introuvable.')]),
  run: async ({ user, organisationId, input: [applyId] }) =>
    nudgePartner(getDb(), { organisationId, actorId: user.id }, applyId, now()),
})

/** The answer to a manual prescription, recorded by the referent on the candidate sheet. */
export const manualStatusAction = defineAction({
  ...prescriber,
  name: 'prescription.manual-status',
  failed: 'Le statut n’a pas pu être enregistré. Réessayez dans un instant.',
  input: z.tuple([id(MANUAL_STATUS_ERRORS.notFound), z.unknown()]),
  run: async ({ user, organisationId, input: [applyId, input] }) => {
    const result = await updateManualStatus(getDb(), { organisationId, applyId, actorId: user.id, input })
    if (result.ok || 'fieldErrors' in result) return result
    return { ok: false as const, error: MANUAL_STATUS_ERRORS[result.error] }
  },
})

/** "Réponses reçues": the user marks the partners' answers as read. */
export const markAnswersReadAction = defineAction({
  ...prescriber,
  name: 'prescription.answers-read',
  permission: null,
  run: async ({ user }) => ({ ok: true as const, count: await markAnswersRead(getDb(), user.id) }),
})

/**
 * "Marquer comme lue" on one answer (the actions dashboard's row, the candidate sheet's prescription): the user's
 * notifications of that prescription of their organisation are read, the others stay unread.
 */
export const markAnswerReadAction = defineAction({
  ...prescriber,
  name: 'prescription.answer-read',
  permission: null,
  failed: 'La réponse n’a pas pu être marquée comme lue. Réessayez dans un instant.',
  input: z.tuple([id('Cette prescription est introuvable.')]),
  run: async ({ user, organisationId, input: [applyId] }) => ({
    ok: true as const,
    count: await markAnswerRead(getDb(), { userId: user.id, organisationId, applyId, now: now() }),
  }),
})

/** The FUP model's additional fields of an offer, asked in the prescribe dialog once the offer is known. */
export const prescriptionModelAction = defineAction({
  ...prescriber,
  name: 'prescription.model',
  input: z.tuple([id().nullable().catch(null)]),
  run: async ({ organisationId, input: [offerId] }) => {
    if (!offerId) return { ok: true as const, fields: [], linkTo: null }
    const [model, offer] = await Promise.all([
      modelForOffer(getDb(), organisationId, offerId),
      getDirectoryOffer(getDb(), organisationId, offerId),
    ])
    // Where a prescription goes when the structure has no account (issue 40 §1): said before sending.
    const linkTo = offer ? await linkDestinationOfOffer(getDb(), offer.id) : null
    return { ok: true as const, fields: model?.additionalFields ?? [], linkTo }
  },
})

/**
 * The offers the prescribe dialog of a candidate's sheet offers, read when the dialog opens: a big organisation has
 * thousands of open offers, too heavy to send with every view of the sheet.
 */
export const prescribableOffersAction = defineAction({
  ...prescriber,
  name: 'prescription.offers',
  failed: 'Les offres n’ont pas pu être chargées. Fermez la fenêtre et réessayez dans un instant.',
  run: async ({ organisationId }) => ({ ok: true as const, offers: await prescribableOffers(getDb(), organisationId) }),
})

const OFFER_NOT_FOUND = 'Cette offre est introuvable.'

/**
 * One page of a tab of the offer page for an organisation's referent or counsellor, its own organisation's
 * prescriptions only (read-only). The offer must be one of its directory; anything else is "not found".
 */
export const organisationAppliesAction = defineAction({
  name: 'apply.organisation-list',
  permission: 'candidate.visualize',
  tenant: 'organisation',
  forbidden: OFFER_NOT_FOUND,
  invalid: 'Les filtres de la liste ne sont pas valides.',
  input: z.tuple([id(OFFER_NOT_FOUND), z.unknown().pipe(listRequestSchema)]),
  run: async ({ user, organisationId, input: [offerId, { tab, page }] }) => {
    const db = getDb()
    const viewed = await offerForViewer(db, user, offerId)
    if (viewed?.audience !== 'organisation') return failure(OFFER_NOT_FOUND)
    const skip = (page - 1) * PAGE_SIZE
    return { ok: true as const, ...(await listOrganisationApplies(db, { organisationId, offerId, tab, skip })) }
  },
})
