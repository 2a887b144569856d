import { and, desc, eq, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { organisations, referralLinks } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { parisInstant } from '@/lib/dates'
import { linkSchema, REFERRAL_MESSAGES } from './schemas'
import { isReferralToken, newReferralToken, referralTokenHash, referralTokenHint } from './token'

/**
 * An organisation's referral links. The token (24 random bytes, base64url) is the link's only public
 * name: it is unguessable, and knowing one tells nothing about the organisation's other links. It is given once, to
 * whoever creates the link; the table keeps its hash, and a token is found by hashing it.
 */
export type LinkActor = { id: string; organisationId: string }

export async function createLink(
  db: Db,
  actor: LinkActor,
  input: unknown,
  now: Date,
): Promise<Outcome<{ id: string; token: string }>> {
  const parsed = linkSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  // Valid through the whole day chosen (Paris): it expires at the next midnight.
  const expiresAt = parsed.data.expiresOn ? parisInstant(parsed.data.expiresOn, 24 * 60) : null
  if (expiresAt && expiresAt <= now)
    return { ok: false, error: REFERRAL_MESSAGES.expiryPast, fieldErrors: { expiresOn: REFERRAL_MESSAGES.expiryPast } }
  return db.transaction(async (tx) => {
    const token = newReferralToken()
    const [row] = await tx
      .insert(referralLinks)
      .values({
        organisationId: actor.organisationId,
        tokenHash: referralTokenHash(token),
        tokenHint: referralTokenHint(token),
        label: parsed.data.label,
        notifyEmail: parsed.data.notifyEmail,
        expiresAt,
        createdById: actor.id,
        createdAt: now,
      })
      .returning({ id: referralLinks.id })
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'referralLink.created',
      entityType: 'referralLink',
      entityId: row!.id,
    })
    return { ok: true as const, id: row!.id, token }
  })
}

/** Disables (or enables again) a link: a disabled link's form shows only that the link is not valid. */
export async function setLinkDisabled(
  db: Db,
  actor: LinkActor,
  id: string,
  disabled: boolean,
  now: Date,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(referralLinks)
      .set({ disabledAt: disabled ? now : null })
      .where(and(eq(referralLinks.id, id), eq(referralLinks.organisationId, actor.organisationId)))
      .returning({ id: referralLinks.id })
    if (!row) return NOT_FOUND
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: disabled ? 'referralLink.disabled' : 'referralLink.enabled',
      entityType: 'referralLink',
      entityId: id,
    })
    return { ok: true as const }
  })
}

/** The settings' list: each link with its orientations count, and its token's first characters (the token is not kept). */
export async function listLinks(db: DbOrTx, organisationId: string) {
  return db
    .select({
      id: referralLinks.id,
      tokenHint: referralLinks.tokenHint,
      label: referralLinks.label,
      notifyEmail: referralLinks.notifyEmail,
      expiresAt: referralLinks.expiresAt,
      disabledAt: referralLinks.disabledAt,
      createdAt: referralLinks.createdAt,
      // Written out: inside the subquery an unqualified "id" would be the orientation's.
      orientations: sql<number>`(select count(*)::int from orientations o where o.link_id = referral_links.id)`,
    })
    .from(referralLinks)
    .where(eq(referralLinks.organisationId, organisationId))
    .orderBy(desc(referralLinks.createdAt))
    .limit(200)
}

/** The link a public token names, when it is usable now: known, enabled and not expired. Else null, whatever the reason. */
export async function usableLink(db: DbOrTx, token: string, now: Date) {
  if (!isReferralToken(token)) return null
  const [row] = await db
    .select({
      id: referralLinks.id,
      organisationId: referralLinks.organisationId,
      notifyEmail: referralLinks.notifyEmail,
      label: referralLinks.label,
      organisationName: organisations.name,
      expiresAt: referralLinks.expiresAt,
      disabledAt: referralLinks.disabledAt,
    })
    .from(referralLinks)
    .innerJoin(organisations, eq(organisations.id, referralLinks.organisationId))
    .where(eq(referralLinks.tokenHash, referralTokenHash(token)))
  if (!row || row.disabledAt || (row.expiresAt && row.expiresAt <= now)) return null
  return row
}
