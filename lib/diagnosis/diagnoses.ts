import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { writeAudit } from '@/lib/audit'
import { appUrl } from '@/lib/auth/app-url'
import { parisToday } from '@/lib/dates'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, diagnoses, organisations, users } from '@/lib/db/schema'
import { CHECK_FIELDS, invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { listChallenges } from '@/lib/offers/challenges'
import { queueSms } from '@/lib/sms/queue-sms'
import {
  answersInputSchema,
  DIAGNOSIS_MESSAGES,
  situationsOf,
  type Barrier,
  type DiagnosisAnswers,
} from './questionnaire'
import { fullName } from '@/lib/person-name'
import { addElapsedDays } from '@/lib/dates'

/**
 * A candidate's diagnoses. At most one is under way at a time ('draft', 'sent' or 'toReview'); saving it
 * as done makes it 'completed', the only kind the sheet's history shows. Sent by SMS, the person's link holds a random
 * token of which only the SHA-256 is kept, valid 7 days and once: the answer waits for a counsellor's review.
 */
export type DiagnosisActor = { id: string; organisationId: string }
export const LINK_DAYS = 7
const TOKEN = /^[A-Za-z0-9_-]{43}$/
export const isDiagnosisToken = (value: string) => TOKEN.test(value)
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')
const UNDER_WAY = ['draft', 'sent', 'toReview'] as const

/** The answers checked against the organisation's challenges; each barrier gets the challenge's name and tags as they read now. */
export async function checkAnswers(
  db: DbOrTx,
  organisationId: string,
  input: unknown,
  now: Date,
): Promise<
  { ok: true; answers: DiagnosisAnswers } | { ok: false; error: string; fieldErrors: Record<string, string> }
> {
  const parsed = answersInputSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const fieldErrors: Record<string, string> = {}
  if (parsed.data.project.lastJobEndedOn && parsed.data.project.lastJobEndedOn > parisToday(now))
    fieldErrors['project.lastJobEndedOn'] = DIAGNOSIS_MESSAGES.lastJobFuture
  const challenges = new Map((await listChallenges(db, organisationId)).map((c) => [c.id, c]))
  const barriers = new Map<string, Barrier>()
  parsed.data.barriers.forEach((b, i) => {
    const challenge = challenges.get(b.challengeId)
    if (!challenge) return void (fieldErrors[`barriers.${i}`] = DIAGNOSIS_MESSAGES.challengeUnknown)
    const known = situationsOf(challenge.tags)
    if (b.situations.some((s) => !known.includes(s)))
      return void (fieldErrors[`barriers.${i}`] = DIAGNOSIS_MESSAGES.situationUnknown)
    // Situations only go with a barrier: "aucun" keeps the comment, not the situations.
    barriers.set(b.challengeId, {
      ...b,
      situations: b.level === 'none' ? [] : [...new Set(b.situations)],
      name: challenge.name,
      tags: challenge.tags,
    })
  })
  if (Object.keys(fieldErrors).length) return { ok: false, error: CHECK_FIELDS, fieldErrors }
  return { ok: true, answers: { project: parsed.data.project, barriers: [...barriers.values()] } }
}

/** The candidate of the organisation, its row locked: two writers (two tabs, a save and an SMS) take turns. */
async function candidateOf(db: DbOrTx, organisationId: string, candidateId: string) {
  const [row] = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.id, candidateId), eq(candidates.organisationId, organisationId)))
    .for('update')
  return row ?? null
}

async function lockedUnderWay(tx: DbOrTx, organisationId: string, candidateId: string) {
  const [row] = await tx
    .select()
    .from(diagnoses)
    .where(
      and(
        eq(diagnoses.organisationId, organisationId),
        eq(diagnoses.candidateId, candidateId),
        inArray(diagnoses.status, [...UNDER_WAY]),
      ),
    )
    .orderBy(desc(diagnoses.createdAt))
    .limit(1)
    .for('update')
  return row ?? null
}

/**
 * The counsellor saves the diagnosis under way (creating it on the first save), as a draft or as done. Filling it
 * takes over a link sent to the person (the link stops working); a person's answer under review becomes the
 * counsellor's once saved.
 */
export async function saveDiagnosis(
  db: Db,
  actor: DiagnosisActor,
  candidateId: string,
  input: unknown,
  options: { complete: boolean },
  now: Date,
): Promise<Outcome<{ id: string }>> {
  return db.transaction(async (tx) => {
    if (!(await candidateOf(tx, actor.organisationId, candidateId))) return NOT_FOUND
    const checked = await checkAnswers(tx, actor.organisationId, input, now)
    if (!checked.ok) return checked
    const current = await lockedUnderWay(tx, actor.organisationId, candidateId)
    const status = options.complete ? ('completed' as const) : ('draft' as const)
    const done = options.complete ? { completedAt: now, completedById: actor.id } : {}
    let id: string
    if (current) {
      await tx
        .update(diagnoses)
        .set({ answers: checked.answers, status, tokenHash: null, tokenExpiresAt: null, updatedAt: now, ...done })
        .where(eq(diagnoses.id, current.id))
      id = current.id
    } else {
      const [row] = await tx
        .insert(diagnoses)
        .values({
          organisationId: actor.organisationId,
          candidateId,
          answers: checked.answers,
          status,
          authorId: actor.id,
          createdAt: now,
          updatedAt: now,
          ...done,
        })
        .returning({ id: diagnoses.id })
      id = row!.id
    }
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: options.complete ? 'diagnosis.completed' : 'diagnosis.saved',
      entityType: 'candidate',
      entityId: candidateId,
      details: { diagnosisId: id },
    })
    return { ok: true as const, id }
  })
}

class NotSent extends Error {}

/** "Envoyer au candidat par SMS": a new link, valid 7 days, in an SMS queued in the same transaction. */
export async function sendDiagnosisLink(
  db: Db,
  actor: DiagnosisActor,
  candidateId: string,
  now: Date,
): Promise<Outcome<{ expiresAt: Date }>> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await candidateOf(tx, actor.organisationId, candidateId))) return NOT_FOUND
      const current = await lockedUnderWay(tx, actor.organisationId, candidateId)
      if (current?.status === 'toReview')
        return {
          ok: false as const,
          error: 'Le candidat a déjà répondu\u00a0: relisez ses réponses avant d’envoyer un nouveau lien.',
        }
      const token = randomBytes(32).toString('base64url')
      const expiresAt = addElapsedDays(now, LINK_DAYS)
      const link = {
        status: 'sent' as const,
        tokenHash: hashOf(token),
        tokenExpiresAt: expiresAt,
        answeredAt: null,
        updatedAt: now,
      }
      let id: string
      if (current) {
        await tx.update(diagnoses).set(link).where(eq(diagnoses.id, current.id))
        id = current.id
      } else {
        const [row] = await tx
          .insert(diagnoses)
          .values({ organisationId: actor.organisationId, candidateId, authorId: actor.id, createdAt: now, ...link })
          .returning({ id: diagnoses.id })
        id = row!.id
      }
      const [outcome] = await queueSms(tx, {
        organisationId: actor.organisationId,
        authorId: actor.id,
        kind: 'diagnosis.link',
        candidateIds: [candidateId],
        text: `Bonjour {prenom}, {organisation} vous propose de répondre à quelques questions sur votre projet et vos besoins. C’est simple\u00a0: ${appUrl()}/diagnosis/${token} (lien valable ${LINK_DAYS} jours).`,
        now,
      })
      // No mobile, or opted out: nothing is kept (the transaction is undone).
      if (!outcome?.ok) throw new NotSent()
      await writeAudit(tx, {
        actorId: actor.id,
        organisationId: actor.organisationId,
        action: 'diagnosis.sent',
        entityType: 'candidate',
        entityId: candidateId,
        details: { diagnosisId: id },
      })
      return { ok: true as const, expiresAt }
    })
  } catch (error) {
    if (error instanceof NotSent) return { ok: false, error: DIAGNOSIS_MESSAGES.noMobile }
    throw error
  }
}

export type LinkState = 'open' | 'expired' | 'used'

/** What a person's link opens: the organisation's name and challenges, or why it no longer opens. Never the candidate's data. */
export async function diagnosisOfToken(db: DbOrTx, token: string, now: Date) {
  if (!isDiagnosisToken(token)) return null
  const [row] = await db
    .select({
      id: diagnoses.id,
      organisationId: diagnoses.organisationId,
      status: diagnoses.status,
      expiresAt: diagnoses.tokenExpiresAt,
      organisationName: organisations.name,
    })
    .from(diagnoses)
    .innerJoin(organisations, eq(organisations.id, diagnoses.organisationId))
    .where(eq(diagnoses.tokenHash, hashOf(token)))
  if (!row) return null
  const state: LinkState = row.status !== 'sent' ? 'used' : !row.expiresAt || row.expiresAt <= now ? 'expired' : 'open'
  return { ...row, state }
}

/** The person's answer: kept for the counsellor's review; the link is then used. */
export async function submitByPerson(db: Db, token: string, input: unknown, now: Date): Promise<Outcome> {
  if (!isDiagnosisToken(token)) return { ok: false, error: DIAGNOSIS_MESSAGES.linkInvalid }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(diagnoses)
      .where(eq(diagnoses.tokenHash, hashOf(token)))
      .for('update')
    if (!row || row.status !== 'sent' || !row.tokenExpiresAt || row.tokenExpiresAt <= now)
      return { ok: false as const, error: DIAGNOSIS_MESSAGES.linkInvalid }
    const checked = await checkAnswers(tx, row.organisationId, input, now)
    if (!checked.ok) return checked
    await tx
      .update(diagnoses)
      .set({ answers: checked.answers, status: 'toReview', answeredAt: now, updatedAt: now })
      .where(eq(diagnoses.id, row.id))
    await writeAudit(tx, {
      actorId: null,
      organisationId: row.organisationId,
      action: 'diagnosis.answered',
      entityType: 'candidate',
      entityId: row.candidateId,
      details: { diagnosisId: row.id },
    })
    return { ok: true as const }
  })
}

const completers = alias(users, 'completer')

/** The sheet and the wizard: the diagnosis under way (if any), and the two latest completed ones with who completed them. */
export async function candidateDiagnoses(db: DbOrTx, organisationId: string, candidateId: string) {
  const mine = and(eq(diagnoses.organisationId, organisationId), eq(diagnoses.candidateId, candidateId))
  const [underWay, completed] = await Promise.all([
    db
      .select({
        id: diagnoses.id,
        status: diagnoses.status,
        answers: diagnoses.answers,
        tokenExpiresAt: diagnoses.tokenExpiresAt,
        answeredAt: diagnoses.answeredAt,
        updatedAt: diagnoses.updatedAt,
      })
      .from(diagnoses)
      .where(and(mine, inArray(diagnoses.status, [...UNDER_WAY])))
      .orderBy(desc(diagnoses.createdAt))
      .limit(1),
    db
      .select({
        id: diagnoses.id,
        answers: diagnoses.answers,
        completedAt: diagnoses.completedAt,
        firstName: completers.firstName,
        lastName: completers.lastName,
      })
      .from(diagnoses)
      .leftJoin(completers, eq(completers.id, diagnoses.completedById))
      .where(and(mine, eq(diagnoses.status, 'completed'), isNotNull(diagnoses.completedAt)))
      .orderBy(desc(diagnoses.completedAt))
      .limit(2),
  ])
  return {
    underWay: underWay[0] ?? null,
    latest: completed[0] ? { ...completed[0], author: fullName(completed[0]) } : null,
    previous: completed[1] ?? null,
  }
}
