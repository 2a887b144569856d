import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { organisationRefusalCauses } from '@/lib/db/schema'
import { constant } from '@/lib/db/prepared'
import { CAUSE_LABELS, REFUSAL_CAUSES } from './cause-labels'

/** An organisation's refusal causes, as stored (the defaults and their labels are cause-labels.ts's, for the browser too). */

/**
 * The same label in SQL, for lists and exports: the apply's organisation's label, else the default, else '-'. The
 * defaults are written into the text (`constant`): a prepared statement's generic plan then matches any execution.
 */
export function causeLabelSql(organisationId: SQL, cause: SQL): SQL<string> {
  const defaults = sql.join(
    Object.entries(CAUSE_LABELS).map(([code, label]) => sql`when ${constant(code)} then ${constant(label)}`),
    sql` `,
  )
  return sql<string>`case when ${cause} is null then '-' else coalesce(
    (select orc.label from organisation_refusal_causes orc where orc.organisation_id = ${organisationId} and orc.code = ${cause}),
    case ${cause} ${defaults} else '-' end) end`
}

export type OrganisationCause = { code: string; label: string; defaultLabel: string | null; disabled: boolean }

/** The organisation's causes in order: the six defaults (renamed or disabled where it chose), then its own. */
export async function organisationCauses(db: DbOrTx, organisationId: string): Promise<OrganisationCause[]> {
  const rows = await db
    .select({
      code: organisationRefusalCauses.code,
      label: organisationRefusalCauses.label,
      disabled: organisationRefusalCauses.disabled,
    })
    .from(organisationRefusalCauses)
    .where(eq(organisationRefusalCauses.organisationId, organisationId))
    .orderBy(asc(organisationRefusalCauses.position), asc(organisationRefusalCauses.label))
  const byCode = new Map(rows.map((r) => [r.code, r]))
  const defaults = REFUSAL_CAUSES.map((code) => ({
    code,
    label: byCode.get(code)?.label ?? CAUSE_LABELS[code],
    defaultLabel: CAUSE_LABELS[code],
    disabled: byCode.get(code)?.disabled ?? false,
  }))
  const own = rows.filter((r) => !Object.hasOwn(CAUSE_LABELS, r.code)).map((r) => ({ ...r, defaultLabel: null }))
  return [...defaults, ...own]
}

/** Every label of the organisation, disabled ones included (past answers keep theirs). */
export async function causeLabels(db: DbOrTx, organisationId: string): Promise<Record<string, string>> {
  return Object.fromEntries((await organisationCauses(db, organisationId)).map((c) => [c.code, c.label]))
}

/** The causes a partner or a referent may choose now. */
export async function activeCauses(db: DbOrTx, organisationId: string): Promise<{ code: string; label: string }[]> {
  return (await organisationCauses(db, organisationId))
    .filter((c) => !c.disabled)
    .map(({ code, label }) => ({ code, label }))
}

/** Whether the organisation offers this cause now (the schemas check the code's shape; this checks it is offered). */
export async function isActiveCause(db: DbOrTx, organisationId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ disabled: organisationRefusalCauses.disabled })
    .from(organisationRefusalCauses)
    .where(and(eq(organisationRefusalCauses.organisationId, organisationId), eq(organisationRefusalCauses.code, code)))
  // A default cause is offered unless the organisation disabled it; its own causes exist only as rows.
  return row ? !row.disabled : Object.hasOwn(CAUSE_LABELS, code)
}
