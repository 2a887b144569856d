import { and, eq } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { appUrl } from '@/lib/auth/app-url'
import { parisToday } from '@/lib/dates'
import { hashKey } from '@/lib/auth/client-ip'
import { reserveAttempt, type Bucket } from '@/lib/auth/throttle'
import type { Db } from '@/lib/db/client'
import { orientations, places, users } from '@/lib/db/schema'
import { invalid } from '@/lib/frame/outcome'
import { queueMail } from '@/lib/mail/queue-mail'
import { listChallenges } from '@/lib/offers/challenges'
import { usableLink } from './links'
import { REFERRAL_MESSAGES, submissionSchema } from './schemas'

/**
 * The product's only public write: a prescriber without an account orients a person through a link.
 * In order: the link (unknown, disabled or expired: "not valid", nothing more), the fields (French messages, nothing
 * written), the honeypot (a robot is thanked and nothing is written), the hourly limits per address and per link
 * (counted in PostgreSQL, so every app process shares them), then the orientation, its audit row and the mail to the
 * link's address in one transaction. The mail holds a link to the orientation, never the person's data.
 */
export type SubmitOutcome =
  | { ok: true; orientationId: string | null }
  | { ok: false; status: 400; error: string; fieldErrors: Record<string, string> }
  | { ok: false; status: 404 | 429; error: string }

/** Orientations per hour from one address (the client's, when a trusted proxy gives it: lib/auth/client-ip.ts) and per link. */
export const referralLimits = () => ({
  perAddress: Math.max(1, Number(process.env.REFERRAL_LIMIT_PER_ADDRESS) || 10),
  perLink: Math.max(1, Number(process.env.REFERRAL_LIMIT_PER_LINK) || 100),
})

export async function submitOrientation(
  db: Db,
  token: string,
  input: unknown,
  context: { ip: string | null; now: Date },
): Promise<SubmitOutcome> {
  const link = await usableLink(db, token, context.now)
  if (!link) return { ok: false, status: 404, error: REFERRAL_MESSAGES.invalidLink }
  const parsed = submissionSchema.safeParse(input)
  if (!parsed.success) return { ...invalid(parsed.error), status: 400 }
  const v = parsed.data
  // The place and the needs must be the organisation's own.
  const [place, challenges] = await Promise.all([
    v.placeId
      ? db
          .select({ id: places.id })
          .from(places)
          .where(and(eq(places.id, v.placeId), eq(places.organisationId, link.organisationId)))
      : Promise.resolve([{ id: null }]),
    listChallenges(db, link.organisationId),
  ])
  const fieldErrors: Record<string, string> = {}
  if (place.length === 0) fieldErrors.placeId = REFERRAL_MESSAGES.placeUnknown
  const byId = new Map(challenges.map((c) => [c.id, c.name]))
  if (v.needs.some((id) => !byId.has(id))) fieldErrors.needs = REFERRAL_MESSAGES.needUnknown
  if (v.birthDate && v.birthDate > parisToday(context.now)) fieldErrors.birthDate = REFERRAL_MESSAGES.birthDateFuture
  if (Object.keys(fieldErrors).length)
    return { ok: false, status: 400, error: 'Vérifiez les champs signalés.', fieldErrors }
  // A robot filled the hidden field: it is thanked, nothing is written.
  if (v.website.trim() !== '') return { ok: true, orientationId: null }

  const limits = referralLimits()
  const buckets: Bucket[] = [{ key: `referral:link:${link.id}`, max: limits.perLink }]
  if (context.ip) buckets.push({ key: `referral:ip:${hashKey(context.ip)}`, max: limits.perAddress })
  const reservation = await reserveAttempt(db, buckets)
  if (!reservation.allowed) return { ok: false, status: 429, error: REFERRAL_MESSAGES.throttled }

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orientations)
      .values({
        organisationId: link.organisationId,
        linkId: link.id,
        prescriberName: v.prescriberName,
        prescriberStructure: v.prescriberStructure,
        prescriberEmail: v.prescriberEmail,
        prescriberPhone: v.prescriberPhone,
        firstName: v.firstName,
        lastName: v.lastName,
        birthDate: v.birthDate,
        phone: v.phone,
        email: v.email,
        addressFormatted: v.addressFormatted,
        placeId: v.placeId,
        needs: [...new Set(v.needs)].map((need) => byId.get(need)!),
        situation: v.situation ?? '',
        consentAt: context.now,
        createdAt: context.now,
      })
      .returning({ id: orientations.id })
    await writeAudit(tx, {
      actorId: null,
      organisationId: link.organisationId,
      action: 'orientation.received',
      entityType: 'orientation',
      entityId: row!.id,
      details: { linkId: link.id },
    })
    // A user of the organisation at this address may have chosen not to get these emails.
    const [declined] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.email, link.notifyEmail),
          eq(users.organisationId, link.organisationId),
          eq(users.notifyOrientations, false),
        ),
      )
    if (!declined)
      await queueMail(tx, {
        to: link.notifyEmail,
        subject: 'Nouvelle orientation reçue',
        text: `Bonjour,\n\nUne nouvelle orientation est arrivée par le lien «\u00a0${link.label}\u00a0».\n\nPour la consulter et y répondre, connectez-vous à Passerelle\u00a0:\n${appUrl()}/v2/orientations/${row!.id}\n\nPasserelle`,
        kind: 'orientation-received',
        organisationId: link.organisationId,
      })
    return row!.id
  })
  return { ok: true, orientationId: id }
}

/** The form's choices: the organisation's places and its challenges (the needs). */
export async function formChoices(db: Db, organisationId: string) {
  const [placeRows, challengeRows] = await Promise.all([
    db
      .select({ id: places.id, label: places.label })
      .from(places)
      .where(eq(places.organisationId, organisationId))
      .orderBy(places.label),
    listChallenges(db, organisationId),
  ])
  return { places: placeRows, needs: challengeRows.map((c) => ({ id: c.id, name: c.name })) }
}
