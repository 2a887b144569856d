import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { CAUSE_LABELS } from '@/lib/prescriptions/cause-labels'
import { organisationCauses } from '@/lib/prescriptions/causes'
import { writeAudit } from '@/lib/audit'
import type { Db } from '@/lib/db/client'
import { organisationRefusalCauses } from '@/lib/db/schema'
import { text } from '@/lib/text/safe-text'

/**
 * /v2/settings/refusal-causes: an organisation renames or disables the spec's six refusal causes and
 * adds its own. Codes never change: a renamed cause keeps its code, so past answers show the new label; a disabled
 * cause leaves the choices and keeps its label on past answers. One save, one transaction, one audit row.
 */
export const REFUSAL_CAUSE_MESSAGES = {
  labelRequired: 'Le libellé du motif est obligatoire.',
  labelTooLong: 'Le libellé d’un motif ne doit pas dépasser 100 caractères.',
  duplicate: 'Deux motifs portent le même libellé.',
  noneActive: 'Gardez au moins un motif proposé aux partenaires.',
  tooMany: 'Une organisation a au plus 30 motifs.',
  unknown: 'Ce motif est introuvable.',
} as const

const label = text({ error: REFUSAL_CAUSE_MESSAGES.labelRequired })
  .trim()
  .min(1, REFUSAL_CAUSE_MESSAGES.labelRequired)
  .max(100, REFUSAL_CAUSE_MESSAGES.labelTooLong)
export const refusalCausesSchema = z.object({
  causes: z
    .array(z.object({ code: text().max(60), label, enabled: z.boolean() }))
    .max(30, REFUSAL_CAUSE_MESSAGES.tooMany),
  /** A new cause of the organisation's own, optional. */
  added: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), label.optional()),
})

type Actor = { organisationId: string; actorId: string }
export type CausesOutcome =
  { ok: true; changed: number } | { ok: false; error: string; fieldErrors?: Record<string, string> }

const normalised = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

export async function saveRefusalCauses(db: Db, actor: Actor, input: unknown): Promise<CausesOutcome> {
  const parsed = refusalCausesSchema.safeParse(input)
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {}
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message
    return { ok: false, error: 'Vérifiez les motifs signalés.', fieldErrors }
  }
  const { causes, added } = parsed.data
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refusal-causes:${actor.organisationId}`}))`)
    const current = await organisationCauses(tx, actor.organisationId)
    const known = new Map(current.map((c) => [c.code, c]))
    if (causes.some((c) => !known.has(c.code))) return { ok: false as const, error: REFUSAL_CAUSE_MESSAGES.unknown }
    // Causes the form did not send keep what they were.
    const next = current.map((c) => {
      const sent = causes.find((s) => s.code === c.code)
      return sent
        ? { code: c.code, label: sent.label, disabled: !sent.enabled, defaultLabel: c.defaultLabel }
        : { ...c }
    })
    if (added) next.push({ code: `org-${randomUUID().slice(0, 8)}`, label: added, disabled: false, defaultLabel: null })
    if (next.length > 30) return { ok: false as const, error: REFUSAL_CAUSE_MESSAGES.tooMany }
    const seen = new Map<string, number>()
    for (const [i, c] of next.entries()) {
      const other = seen.get(normalised(c.label))
      if (other !== undefined) {
        // Both fields are marked: either may be the one to change (named by their place in the form).
        const field = (index: number) => {
          const sent = causes.findIndex((s) => s.code === next[index]!.code)
          return sent >= 0 ? `causes.${sent}.label` : 'added'
        }
        return {
          ok: false as const,
          error: 'Vérifiez les motifs signalés.',
          fieldErrors: {
            [field(other)]: REFUSAL_CAUSE_MESSAGES.duplicate,
            [field(i)]: REFUSAL_CAUSE_MESSAGES.duplicate,
          },
        }
      }
      seen.set(normalised(c.label), i)
    }
    if (next.every((c) => c.disabled)) return { ok: false as const, error: REFUSAL_CAUSE_MESSAGES.noneActive }

    const changes = next.filter((c) => {
      const before = known.get(c.code)
      return !before || before.label !== c.label || before.disabled !== c.disabled
    })
    for (const c of changes) {
      const position = next.indexOf(c)
      const isDefault = Object.hasOwn(CAUSE_LABELS, c.code)
      // A default back to its own label and offered needs no row.
      if (isDefault && c.label === c.defaultLabel && !c.disabled) {
        await tx
          .delete(organisationRefusalCauses)
          .where(
            and(
              eq(organisationRefusalCauses.organisationId, actor.organisationId),
              eq(organisationRefusalCauses.code, c.code),
            ),
          )
        continue
      }
      await tx
        .insert(organisationRefusalCauses)
        .values({ organisationId: actor.organisationId, code: c.code, label: c.label, disabled: c.disabled, position })
        .onConflictDoUpdate({
          target: [organisationRefusalCauses.organisationId, organisationRefusalCauses.code],
          set: { label: c.label, disabled: c.disabled, updatedAt: sql`now()` },
        })
    }
    if (changes.length) {
      await writeAudit(tx, {
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'refusalCauses.updated',
        entityType: 'organisation',
        entityId: actor.organisationId,
        details: {
          changes: changes.map((c) => ({
            code: c.code,
            label: c.label,
            disabled: c.disabled,
            added: !known.has(c.code),
          })),
        },
      })
    }
    return { ok: true as const, changed: changes.length }
  })
}
