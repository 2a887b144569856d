import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { socialApplies, socialOffers, users } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { now as clockNow } from '@/lib/clock'
import { queueMail } from '@/lib/mail/queue-mail'
import { waitlistLeftMail } from './mails'
import { queuePartnerMails } from './partner-notices'

/**
 * An offer's published places and its waitlist (issue 40 §4).
 *
 * An offer may publish how many places it has free now (`social_offers.free_places`; null: it publishes none, and
 * every prescription goes to the partner at once). A prescription sent to it takes a free place and waits for the
 * partner's answer; when none is free it joins the offer's line, « En liste d'attente », its rank its place in the
 * order it came (`waitlisted_at`, then its id). A pending prescription refused or expired gives its place back; the
 * partner may free places or publish more. Whenever a place is free and someone is in line, the first in line takes it:
 * it moves to « En attente de réponse », dated from that instant, and both sides are told (the partner as of a new
 * prescription, the referent by mail).
 *
 * Every change of an offer's places or line happens under that offer's row lock (FOR UPDATE), in the transaction of
 * the change that causes it: two places freed at once promote two different people, in order, and no place is counted
 * twice.
 */

export const WAITLIST_MESSAGES = {
  placesFormat: 'Indiquez un nombre entier de places, de 0 à 999, ou laissez vide pour ne pas publier de places.',
  offerNotFound: 'Cette offre sociale est introuvable.',
} as const
export const MAX_PLACES = 999

/**
 * The places a partner types: a whole number from 0 to 999, empty to publish none, or 'one-more' (« Libérer une
 * place »). Anything else is refused with the field's French message.
 */
export function parsePlaces(value: unknown): { ok: true; places: number | null | 'one-more' } | { ok: false } {
  if (value === 'one-more') return { ok: true, places: 'one-more' }
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return { ok: true, places: null }
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d{1,3}$/.test(text)) return { ok: false }
  return { ok: true, places: Number(text) }
}

type LockedOffer = { id: string; name: string; structureId: string; freePlaces: number | null }

/** The offer's row, locked until the transaction ends: the one door to its places and its line. */
async function lockOffer(tx: DbOrTx, offerId: string): Promise<LockedOffer | null> {
  const [offer] = await tx
    .select({
      id: socialOffers.id,
      name: socialOffers.name,
      structureId: socialOffers.structureId,
      freePlaces: socialOffers.freePlaces,
    })
    .from(socialOffers)
    .where(eq(socialOffers.id, offerId))
    .for('update')
  return offer ?? null
}

/**
 * In a new prescription's transaction: it takes one of the offer's free places (pending), or joins the line when the
 * offer publishes places and none is free. An offer that publishes none always answers 'pending'.
 */
export async function takePlaceOrWait(tx: DbOrTx, offerId: string): Promise<'pending' | 'waitlisted'> {
  const offer = await lockOffer(tx, offerId)
  if (!offer || offer.freePlaces === null) return 'pending'
  if (offer.freePlaces === 0) return 'waitlisted'
  await tx
    .update(socialOffers)
    .set({ freePlaces: sql`${socialOffers.freePlaces} - 1` })
    .where(eq(socialOffers.id, offerId))
  return 'pending'
}

/**
 * In the transaction of the change that ended them (a refusal, an expiry): each pending prescription of these offers
 * gives its place back (one per occurrence of the offer's id), and the first in line take the freed places.
 */
export async function givePlacesBack(tx: DbOrTx, offerIds: string[], now: Date): Promise<number> {
  const freed = new Map<string, number>()
  for (const id of offerIds) freed.set(id, (freed.get(id) ?? 0) + 1)
  let promoted = 0
  // Offers locked in one order: two expiries of the same offers cannot wait on each other.
  for (const offerId of [...freed.keys()].sort()) {
    const offer = await lockOffer(tx, offerId)
    if (!offer || offer.freePlaces === null) continue
    const freePlaces = offer.freePlaces + freed.get(offerId)!
    promoted += await fillPlaces(tx, { ...offer, freePlaces }, now)
  }
  return promoted
}

export type SetPlacesResult =
  | { ok: true; freePlaces: number | null; promoted: number }
  | { ok: false; error: string; fieldErrors?: Record<string, string> }

/**
 * The partner publishes its free places (a number), frees one more, or stops publishing (null: the line has no
 * reason to be, everyone in it goes to the partner). Scoped to the partner's structure; audited with the change.
 */
export async function setFreePlaces(
  db: Db,
  params: {
    structureId: string
    offerId: string
    /** The new number of free places (as typed: parsePlaces), 'one-more' to free one place, or empty to publish none. */
    places: unknown
    actorId: string
    now?: Date
  },
): Promise<SetPlacesResult> {
  const { structureId, offerId, actorId, now = clockNow() } = params
  const parsed = parsePlaces(params.places)
  if (!parsed.ok)
    return { ok: false, error: WAITLIST_MESSAGES.placesFormat, fieldErrors: { places: WAITLIST_MESSAGES.placesFormat } }
  const { places } = parsed
  return db.transaction(async (tx) => {
    const offer = await lockOffer(tx, offerId)
    if (!offer || offer.structureId !== structureId) return { ok: false, error: WAITLIST_MESSAGES.offerNotFound }
    const freePlaces =
      places === 'one-more' ? Math.min(MAX_PLACES, (offer.freePlaces ?? 0) + 1) : places === null ? null : places
    const promoted = await fillPlaces(tx, { ...offer, freePlaces }, now)
    await writeAudit(tx, {
      actorId,
      structureId,
      action: 'offer.places',
      entityType: 'socialOffer',
      entityId: offerId,
      details: { from: offer.freePlaces, to: freePlaces, promoted },
    })
    const [after] = await tx
      .select({ freePlaces: socialOffers.freePlaces })
      .from(socialOffers)
      .where(eq(socialOffers.id, offerId))
    return { ok: true, freePlaces: after!.freePlaces, promoted }
  })
}

/**
 * Under the offer's lock: the first in line take the free places (all of them when the offer publishes none), and the
 * offer keeps what is left. Returns how many left the line.
 */
async function fillPlaces(tx: DbOrTx, offer: LockedOffer, now: Date): Promise<number> {
  const { rows: first } = await tx.execute<{ id: string }>(sql`
    select id from social_applies
    where social_offer_id = ${offer.id} and state = 'WAITLISTED' and not archived
    order by waitlisted_at, id
    ${offer.freePlaces === null ? sql`` : sql`limit ${offer.freePlaces}`}`)
  const ids = first.map((r) => r.id)
  await tx
    .update(socialOffers)
    .set({ freePlaces: offer.freePlaces === null ? null : offer.freePlaces - ids.length })
    .where(eq(socialOffers.id, offer.id))
  if (ids.length === 0) return 0
  const moved = await tx
    .update(socialApplies)
    .set({ state: 'PRESCRIPTION_FILLED', prescriptionDate: now, updatedAt: now })
    .where(and(inArray(socialApplies.id, ids), eq(socialApplies.state, 'WAITLISTED')))
    .returning({
      id: socialApplies.id,
      organisationId: socialApplies.organisationId,
      candidateId: socialApplies.candidateId,
      authorId: socialApplies.authorId,
    })
  await tellBothSides(tx, offer, moved, now)
  return moved.length
}

/** The partner hears of each as of a new prescription (its mails or digest, or its signed link); the referent by mail. */
async function tellBothSides(
  tx: DbOrTx,
  offer: LockedOffer,
  moved: { id: string; organisationId: string; candidateId: string; authorId: string }[],
  now: Date,
) {
  for (const apply of moved)
    await queuePartnerMails(tx, { organisationId: apply.organisationId, offer, applyId: apply.id, now })
  const referents = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(moved.map((m) => m.authorId))]),
        eq(users.disabled, false),
        eq(users.notifyPrescriptionAnswers, true),
      ),
    )
  const emails = new Map(referents.map((r) => [r.id, r.email]))
  await queueMail(
    tx,
    moved.flatMap((apply) => {
      const to = emails.get(apply.authorId)
      return to
        ? [
            {
              ...waitlistLeftMail(to, { offerName: offer.name, candidateId: apply.candidateId }),
              kind: 'prescription-waitlist-left',
              organisationId: apply.organisationId,
              structureId: offer.structureId,
            },
          ]
        : []
    }),
  )
  await writeAudit(
    tx,
    moved.map((apply) => ({
      actorId: null,
      organisationId: apply.organisationId,
      structureId: offer.structureId,
      action: 'prescription.waitlistLeft',
      entityType: 'socialApply',
      entityId: apply.id,
      details: { offerId: offer.id, candidateId: apply.candidateId },
    })),
  )
}

/**
 * Each waitlisted prescription's rank in its offer's line (1 for the next to get a place); the others have none.
 * For the lists of both sides, in SQL: the apply's own row is `social_applies` in the outer query.
 */
export const waitlistRankSql = sql<number | null>`case when ${socialApplies.state} = 'WAITLISTED' then (
    select count(*)::int + 1 from social_applies w
    where w.social_offer_id = ${socialApplies.socialOfferId} and w.state = 'WAITLISTED' and not w.archived
      and (w.waitlisted_at, w.id) < (${socialApplies.waitlistedAt}, ${socialApplies.id})) end`

/** The offer's line, in order, as its partner sees it: who, from which organisation's referent, since when. */
export async function offerWaitlist(db: DbOrTx, structureId: string, offerId: string) {
  const { rows } = await db.execute<{
    id: string
    candidateId: string
    firstName: string
    lastName: string
    organisationName: string
    waitlistedAt: Date
  }>(sql`
    select a.id, c.id as "candidateId", c.first_name as "firstName", c.last_name as "lastName",
      o.name as "organisationName", a.waitlisted_at as "waitlistedAt"
    from social_applies a
    join candidates c on c.id = a.candidate_id
    join organisations o on o.id = a.organisation_id
    where a.social_offer_id = ${offerId} and a.structure_id = ${structureId} and a.state = 'WAITLISTED' and not a.archived
    order by a.waitlisted_at, a.id`)
  return rows.map((r, i) => ({ ...r, rank: i + 1, waitlistedAt: new Date(r.waitlistedAt) }))
}
export type WaitlistRow = Awaited<ReturnType<typeof offerWaitlist>>[number]

/** How many are in the offer's line (a number only: what a referent of any organisation may know before prescribing). */
export async function waitlistLength(db: DbOrTx, offerId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from social_applies
    where social_offer_id = ${offerId} and state = 'WAITLISTED' and not archived`)
  return rows[0]!.n
}
