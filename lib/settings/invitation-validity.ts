import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { invitationThemes } from '@/lib/db/schema'
import { failure, invalid, type Outcome } from '@/lib/frame/outcome'
import { DEFAULT_VALIDITY_DAYS, themeSettingsSchema } from '@/lib/invitations/messages'
import { SETTINGS_MESSAGES } from './schemas'

/**
 * An organisation's invitation validity per workshop theme: how many days a person has to book from the link (4 to
 * 90, 10 without a setting), or none for an optional workshop. Each row as the core's schema reads one theme.
 */
export const invitationValiditySchema = z.object({ themes: z.array(themeSettingsSchema).max(500) })
export type InvitationValidityInput = z.input<typeof invitationValiditySchema>

export type ThemeValidity = { theme: string; validityDays: number; optional: boolean }

/** The organisation's workshop themes (those of its workshops, any date), each with its validity. */
export async function invitationValidityRows(db: DbOrTx, organisationId: string): Promise<ThemeValidity[]> {
  const { rows } = await db.execute<{ theme: string; validity_days: number; optional: boolean }>(sql`
    select t.theme, coalesce(it.validity_days, ${DEFAULT_VALIDITY_DAYS})::int as validity_days,
           coalesce(it.optional, false) as optional
    from (select distinct theme from workshops where organisation_id = ${organisationId} and theme <> '') t
    left join invitation_themes it on it.organisation_id = ${organisationId} and it.theme = t.theme
    order by t.theme`)
  return rows
    .map((r) => ({ theme: r.theme, validityDays: r.validity_days, optional: r.optional }))
    .sort((a, b) => a.theme.localeCompare(b.theme, 'fr'))
}

/**
 * Saves the validity of the themes sent, each one of the organisation's workshop themes (another name: refused,
 * nothing saved), in one transaction with its audit row. Invitations already sent keep their own last day.
 */
export async function saveInvitationValidity(
  db: Db,
  actor: { id: string; organisationId: string },
  input: unknown,
  now: Date,
): Promise<Outcome> {
  const parsed = invitationValiditySchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const themes = parsed.data.themes
  if (!themes.length) return { ok: true }
  return db.transaction(async (tx) => {
    const { rows: known } = await tx.execute<{ theme: string }>(sql`
      select distinct theme from workshops
      where organisation_id = ${actor.organisationId} and theme in (${sql.join(
        themes.map((t) => sql`${t.theme}`),
        sql`, `,
      )})`)
    const names = new Set(known.map((r) => r.theme))
    if (themes.some((t) => !names.has(t.theme))) return failure(SETTINGS_MESSAGES.themeUnknown)
    await tx
      .insert(invitationThemes)
      .values(themes.map((t) => ({ organisationId: actor.organisationId, ...t, updatedAt: now })))
      .onConflictDoUpdate({
        target: [invitationThemes.organisationId, invitationThemes.theme],
        set: {
          validityDays: sql`excluded.validity_days`,
          optional: sql`excluded.optional`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'organisation.invitationValidity',
      entityType: 'organisation',
      entityId: actor.organisationId,
      details: { themes },
    })
    return { ok: true }
  })
}
