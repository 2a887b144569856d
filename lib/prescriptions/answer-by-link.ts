import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { auditLog, partnerStructures, socialApplies, socialOffers } from '@/lib/db/schema'
import { formatDate } from '@/lib/dates'
import { recordRead } from '@/lib/journal/record-read'
import { contactEmailChangedAt } from '@/lib/partners/contact-changes'
import { queueMail } from '@/lib/mail/queue-mail'
import { checkAnswerLink, linkActor, newAnswerLink } from './answer-link'
import { renewedLinkMail } from './mails'
import { dialogApplyOf, getApplyForStructure, type ApplyForStructure } from './partner-answers-fup'

/**
 * The pages and actions of a signed answer link (./answer-link.ts), for a structure without an account. A link opens
 * its own prescription only, and only while the prescription is not archived; every opening is journaled (the structure
 * read the person's sheet) and every answer audited, with the structure and no user.
 */

/** A new link is sent at most once an hour for a prescription, whoever asks. */
const RENEW_EVERY_MS = 3_600_000

type Structure = { name: string; email: string | null; phone: string | null; address: string | null }

export type LinkPage =
  | { kind: 'invalid' }
  | { kind: 'expired'; offerName: string; structureName: string }
  | { kind: 'closed'; offerName: string; structureName: string; state: string }
  | {
      kind: 'open'
      apply: Awaited<ReturnType<typeof dialogApplyOf>>
      structure: Structure
      expiresAt: Date
    }

/** The apply a link names, with its structure; null when there is none, or it is archived or has no sheet. */
async function linkedApply(
  db: DbOrTx,
  applyId: string,
): Promise<(ApplyForStructure & { structure: Structure }) | null> {
  const [row] = await db
    .select({
      structureId: socialApplies.structureId,
      name: partnerStructures.name,
      email: partnerStructures.email,
      phone: partnerStructures.phone,
      address: partnerStructures.addressFormatted,
    })
    .from(socialApplies)
    .innerJoin(partnerStructures, eq(partnerStructures.id, socialApplies.structureId))
    .where(eq(socialApplies.id, applyId))
  if (!row) return null
  const apply = await getApplyForStructure(db, row.structureId, applyId)
  if (!apply || apply.archived || !apply.fup) return null
  const { name, email, phone, address } = row
  return { ...apply, structure: { name, email, phone, address } }
}

/**
 * What `/reponse/<token>` shows: nothing for a link that is not ours (or whose prescription is gone); the offer and a
 * "new link" button for an expired one; the answer's state for a prescription no longer waiting; else the sheet and
 * the answer form, the opening journaled.
 */
export async function openAnswerLink(db: DbOrTx, token: string, now: Date): Promise<LinkPage> {
  const check = checkAnswerLink(token, now)
  if (check.kind === 'invalid') return { kind: 'invalid' }
  const apply = await linkedApply(db, check.applyId)
  if (!apply) return { kind: 'invalid' }
  const names = { offerName: apply.offerName, structureName: apply.structure.name }
  if (check.kind === 'expired') return { kind: 'expired', ...names }
  if (apply.state !== 'PRESCRIPTION_FILLED') return { kind: 'closed', ...names, state: apply.state }
  await recordRead(db, {
    actorId: linkActor(apply.structureId),
    organisationId: null,
    structureId: apply.structureId,
    ownerOrganisationId: apply.organisationId,
    candidateId: apply.candidateId,
    kind: 'fup.link',
    entityId: apply.id,
  })
  return { kind: 'open', apply: await dialogApplyOf(db, apply), structure: apply.structure, expiresAt: check.expiresAt }
}

/** The apply of a valid link, for the answer and its preview; null otherwise (expired, tampered, gone). */
export async function applyOfValidLink(db: DbOrTx, token: string, now: Date) {
  const check = checkAnswerLink(token, now)
  if (check.kind !== 'valid') return null
  return linkedApply(db, check.applyId)
}

export type RenewOutcome = { ok: true } | { ok: false; error: string }

export const LINK_MESSAGES = {
  invalid: 'Ce lien n’est pas valable.',
  noAddress:
    'La structure n’a pas d’adresse de contact\u00a0: demandez au référent qui vous a adressé cette personne de vous recontacter.',
  tooSoon: 'Un nouveau lien vient déjà d’être envoyé à l’adresse de la structure. Consultez sa messagerie.',
} as const

/**
 * "Recevoir un nouveau lien" on an expired link's page: a fresh link to the structure's contact address only, never to
 * whoever clicked (the page says where it went, masked); at most one an hour per prescription, audited. The mail is
 * queued in the audit row's transaction, under the apply's row lock: two clicks at once send one.
 */
export async function renewAnswerLink(db: Db, token: string, now: Date): Promise<RenewOutcome & { sentTo?: string }> {
  const check = checkAnswerLink(token, now)
  if (check.kind === 'invalid') return { ok: false, error: LINK_MESSAGES.invalid }
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: socialApplies.id })
      .from(socialApplies)
      .where(eq(socialApplies.id, check.applyId))
      .for('update')
    const apply = locked ? await linkedApply(tx, check.applyId) : null
    if (!apply) return { ok: false as const, error: LINK_MESSAGES.invalid }
    const address = apply.structure.email?.trim()
    if (!address) return { ok: false as const, error: LINK_MESSAGES.noAddress }
    const [recent] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'socialApply'),
          eq(auditLog.entityId, apply.id),
          eq(auditLog.action, 'prescription.linkRenewed'),
          gt(auditLog.at, new Date(now.getTime() - RENEW_EVERY_MS)),
        ),
      )
      .limit(1)
    if (recent) return { ok: false as const, error: LINK_MESSAGES.tooSoon }
    const link = newAnswerLink(apply.id, now)
    await queueMail(tx, {
      ...renewedLinkMail(address, apply.offerName, link.url, link.expiresAt),
      kind: 'prescription-link-renewed',
      organisationId: apply.organisationId,
      structureId: apply.structureId,
    })
    // Written at the domain's instant (lib/clock.ts), which the hour's limit above reads.
    await tx.insert(auditLog).values({
      actorId: null,
      organisationId: apply.organisationId,
      structureId: apply.structureId,
      action: 'prescription.linkRenewed',
      entityType: 'socialApply',
      entityId: apply.id,
      details: { offerId: apply.offerId },
      at: now,
    })
    return { ok: true as const, sentTo: maskAddress(address) }
  })
}

/** "c•••••@structure.fr": where the link went, without giving the address to whoever holds an old link. */
export function maskAddress(address: string): string {
  const [local = '', domain = ''] = address.split('@')
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(local.length - 1, 1))}@${domain}`
}

/**
 * The referent's word before sending (issue 40 §1): where a prescription to this offer goes when its structure has no
 * account — the address, and the day it last changed (lib/partners/contact-changes.ts) when it did.
 */
export async function linkDestinationOfOffer(
  db: DbOrTx,
  offerId: string,
): Promise<{ email: string; changedOn: string | null } | null> {
  const { rows } = await db.execute<{ email: string; structure_id: string }>(sql`
    select trim(ps.email) as email, ps.id as structure_id
    from ${socialOffers} f join partner_structures ps on ps.id = f.structure_id
    where f.id = ${offerId} and nullif(trim(ps.email), '') is not null
      and not exists (select 1 from "user" u where u.structure_id = ps.id and u.disabled = false)`)
  const row = rows[0]
  if (!row) return null
  const changedAt = await contactEmailChangedAt(db, row.structure_id)
  return { email: row.email, changedOn: changedAt ? formatDate(changedAt) : null }
}
