import { and, asc, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { challenges } from '@/lib/db/schema'
import { fieldErrorsOf } from '@/lib/frame/outcome'
import { slugOf } from '@/lib/text/slug'
import { isChallengeIcon } from './challenge-icons'
import { tagOf } from './thematiques'
import { text } from '@/lib/text/safe-text'

/**
 * Challenges ("freins"), an organisation setting. The product's defaults (rows without organisation, the
 * data·inclusion thématiques) serve every organisation until it saves its own list; from then on it has its own rows.
 * A challenge matches an offer when their tags meet (spec §3: Challenge { name, icon, tags }).
 */
export function challengesOf(organisationId: string | Placeholder | null): SQL {
  if (!organisationId) return isNull(challenges.organisationId)
  return sql`(${challenges.organisationId} = ${organisationId} or (${challenges.organisationId} is null and not exists (select 1 from ${challenges} own where own.organisation_id = ${organisationId})))`
}

export type Challenge = { id: string; name: string; icon: string; tags: string[] }

export async function listChallenges(db: DbOrTx, organisationId: string | null): Promise<Challenge[]> {
  return db
    .select({ id: challenges.id, name: challenges.name, icon: challenges.icon, tags: challenges.tags })
    .from(challenges)
    .where(challengesOf(organisationId))
    .orderBy(asc(challenges.position), asc(challenges.name))
}

/** The tags an offer gets for the challenges chosen in its form: each challenge's first (main) tag. */
export function tagsForChallenges(all: Challenge[], chosenIds: string[]): { tags: string[]; unknown: boolean } {
  const chosen = all.filter((c) => chosenIds.includes(c.id))
  return {
    tags: chosen.map((c) => c.tags[0]).filter((t): t is string => !!t),
    unknown: chosen.length !== new Set(chosenIds).size,
  }
}

/** The challenges an offer's tags meet. */
export function challengesOfTags(all: Challenge[], tags: string[]): Challenge[] {
  return all.filter((c) => c.tags.some((t) => tags.includes(t)))
}

export const CHALLENGE_MESSAGES = {
  nameRequired: 'Le nom du frein est obligatoire.',
  nameTooLong: 'Le nom d’un frein ne doit pas dépasser 80 caractères.',
  iconUnknown: 'Choisissez une icône de la liste.',
  tagsRequired: 'Choisissez au moins une thématique ou une étiquette.',
  duplicate: 'Deux freins portent le même nom.',
  tooMany: 'Une organisation a au plus 40 freins.',
  unknown: 'Ce frein est introuvable.',
} as const

const tagList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',') : v),
  z
    .array(text().max(80))
    .transform((list) => [...new Set(list.map(tagOf).filter(Boolean))])
    .pipe(z.array(text()).min(1, CHALLENGE_MESSAGES.tagsRequired).max(20)),
)
export const challengesSchema = z.object({
  challenges: z
    .array(
      z.object({
        id: text().uuid().nullable().optional(),
        name: text({ error: CHALLENGE_MESSAGES.nameRequired })
          .trim()
          .min(1, CHALLENGE_MESSAGES.nameRequired)
          .max(80, CHALLENGE_MESSAGES.nameTooLong),
        icon: text().refine(isChallengeIcon, CHALLENGE_MESSAGES.iconUnknown),
        tags: tagList,
      }),
    )
    .max(40, CHALLENGE_MESSAGES.tooMany),
})

type Actor = { organisationId: string; actorId: string }
export type ChallengesOutcome = { ok: true } | { ok: false; error: string; fieldErrors?: Record<string, string> }

/**
 * Saves the organisation's whole list, in the order sent. The first save turns the defaults into the organisation's
 * own rows; its rows keep their ids (the directory's filter links stay valid), the ones not sent are removed.
 */
export async function saveChallenges(db: Db, actor: Actor, input: unknown): Promise<ChallengesOutcome> {
  const parsed = challengesSchema.safeParse(input)
  if (!parsed.success)
    return { ok: false, error: 'Vérifiez les freins signalés.', fieldErrors: fieldErrorsOf(parsed.error) }
  const list = parsed.data.challenges
  const seen = new Map<string, number>()
  for (const [i, c] of list.entries()) {
    const key = slugOf(c.name)
    if (seen.has(key))
      return {
        ok: false,
        error: 'Vérifiez les freins signalés.',
        fieldErrors: { [`challenges.${i}.name`]: CHALLENGE_MESSAGES.duplicate },
      }
    seen.set(key, i)
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`challenges:${actor.organisationId}`}))`)
    const current = await listChallenges(tx, actor.organisationId)
    const own = await tx
      .select({ id: challenges.id })
      .from(challenges)
      .where(eq(challenges.organisationId, actor.organisationId))
    const ownIds = new Set(own.map((r) => r.id))
    const knownIds = new Set(current.map((c) => c.id))
    if (list.some((c) => c.id && !knownIds.has(c.id))) return { ok: false as const, error: CHALLENGE_MESSAGES.unknown }
    const kept = list.filter((c) => c.id && ownIds.has(c.id)).map((c) => c.id!)
    const removed = [...ownIds].filter((id) => !kept.includes(id))
    if (removed.length)
      await tx
        .delete(challenges)
        .where(and(eq(challenges.organisationId, actor.organisationId), inArray(challenges.id, removed)))
    for (const [position, c] of list.entries()) {
      if (c.id && ownIds.has(c.id)) {
        await tx
          .update(challenges)
          .set({ name: c.name, icon: c.icon, tags: c.tags, position })
          .where(and(eq(challenges.id, c.id), eq(challenges.organisationId, actor.organisationId)))
      } else {
        await tx
          .insert(challenges)
          .values({ organisationId: actor.organisationId, name: c.name, icon: c.icon, tags: c.tags, position })
      }
    }
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'challenges.updated',
      entityType: 'organisation',
      entityId: actor.organisationId,
      details: { count: list.length, removed: removed.length },
    })
    return { ok: true as const }
  })
}
