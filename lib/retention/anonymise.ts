import { sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { writeAudit } from '@/lib/audit'
import { addElapsedDays } from '@/lib/dates'

/**
 * RGPD retention. A candidate of an organisation is inactive when nothing about them moved for the
 * organisation's retention period: their record, their prescriptions (made, answered, archived) and their SMS (sent or
 * received). Such a candidate is anonymised: the row stays, so that every count of the statistics stays right, but
 * what identifies the person goes — names become "Anonyme" and a short code; contact data, the NIR, the CAF and France
 * Travail numbers, the birth date and the custom field values are deleted; so are the texts and numbers of their SMS,
 * the personal part of their follow-up sheets and the PDFs (prescription and answer sheets) stored for them.
 *
 * Kept: the organisation, place, status, referent and gender (statistics and FSE indicators), the prescriptions'
 * states, dates and causes.
 */

/** Candidates anonymised per transaction: a night's run on a large organisation never holds long locks. */
const BATCH = 500

/** The instant before which nothing may have happened for a candidate to be anonymised at `at`. */
export function retentionCutoff(at: Date, retentionDays: number): Date {
  return addElapsedDays(at, -retentionDays)
}

/** The inactive candidates' condition, on `c` (candidates). */
const inactiveSince = (cutoff: Date) => sql`
  c.anonymised_at is null
  and c.updated_at < ${cutoff}
  and c.created_at < ${cutoff}
  and not exists (select 1 from social_applies a where a.candidate_id = c.id and a.updated_at >= ${cutoff})
  and not exists (select 1 from sms_messages m where m.organisation_id = c.organisation_id and m.candidate_id = c.id and m.created_at >= ${cutoff})
  and not exists (select 1 from job_placements p where p.organisation_id = c.organisation_id and p.candidate_id = c.id and p.updated_at >= ${cutoff})
  and not exists (select 1 from workshop_registrations r where r.organisation_id = c.organisation_id and r.candidate_id = c.id and r.updated_at >= ${cutoff})`

/** How many candidates of the organisation the job would anonymise if it ran at `at` (the administrators' preview). */
export async function countInactiveCandidates(
  db: DbOrTx,
  organisationId: string,
  at: Date,
  retentionDays: number,
): Promise<number> {
  const cutoff = retentionCutoff(at, retentionDays)
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from candidates c where c.organisation_id = ${organisationId} and ${inactiveSince(cutoff)}`,
  )
  return result.rows[0]?.n ?? 0
}

/**
 * Anonymises the organisation's inactive candidates at `at`, by batches, each in its own transaction with its audit
 * rows (ids only). A candidate anonymised is never picked again, and a candidate locked by a counsellor's change is
 * skipped until the next night: running twice, or on two workers at once, anonymises each candidate once.
 */
export async function anonymiseInactiveCandidates(
  db: Db,
  options: { organisationId: string; at: Date; retentionDays: number },
): Promise<number> {
  const cutoff = retentionCutoff(options.at, options.retentionDays)
  let total = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const picked = await tx.execute<{ id: string }>(sql`
        select c.id from candidates c
        where c.organisation_id = ${options.organisationId} and ${inactiveSince(cutoff)}
        order by c.id
        limit ${BATCH}
        for update of c skip locked`)
      const ids = picked.rows.map((r) => r.id)
      if (!ids.length) return 0
      await anonymiseCandidates(tx, options.organisationId, ids, options.at)
      await writeAudit(
        tx,
        ids.map((id) => ({
          actorId: null,
          organisationId: options.organisationId,
          action: 'candidate.anonymised',
          entityType: 'candidate',
          entityId: id,
          details: { retentionDays: options.retentionDays, inactiveSince: cutoff.toISOString() },
        })),
      )
      return ids.length
    })
    total += done
    if (done < BATCH) return total
  }
}

async function anonymiseCandidates(tx: DbOrTx, organisationId: string, ids: string[], at: Date) {
  const idList = sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`
  // The stored PDFs: the applies and sheets that point to them let go (the same statement lists them), then they go.
  const documents = await tx.execute<{ id: string }>(sql`
    with docs as (
      select a.prescription_document_id as id from social_applies a
      where a.organisation_id = ${organisationId} and a.candidate_id in ${idList} and a.prescription_document_id is not null
      union
      select f.answer_document_id from fups f join social_applies a on a.id = f.social_apply_id
      where a.organisation_id = ${organisationId} and a.candidate_id in ${idList} and f.answer_document_id is not null
    ), applies_let_go as (
      update social_applies set prescription_document_id = null
      where organisation_id = ${organisationId} and candidate_id in ${idList} and prescription_document_id is not null
    ), sheets_let_go as (
      update fups f set answer_document_id = null from social_applies a
      where f.social_apply_id = a.id and a.organisation_id = ${organisationId} and a.candidate_id in ${idList} and f.answer_document_id is not null
    )
    select id from docs`)
  const documentIds = documents.rows.map((r) => r.id)
  if (documentIds.length)
    await tx.execute(
      sql`delete from documents where id in (${sql.join(
        documentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
  await tx.execute(sql`
    update fups f set beneficiary = jsonb_build_object(
        'gender', f.beneficiary->'gender', 'birthDate', null, 'address', null, 'phone', null, 'email', null,
        'socialSecurityNumber', null, 'cafNumber', null, 'poleEmploiNumber', null, 'additionalFields', '[]'::jsonb),
      updated_at = ${at}
    from social_applies a
    where f.social_apply_id = a.id and a.organisation_id = ${organisationId} and a.candidate_id in ${idList}`)
  await tx.execute(sql`
    update sms_messages set body = '', to_number = '', from_number = null
    where organisation_id = ${organisationId} and candidate_id in ${idList}`)
  // Their diagnoses (project, barriers, comments: health, family, debts…) are deleted whole.
  await tx.execute(sql`delete from diagnoses where organisation_id = ${organisationId} and candidate_id in ${idList}`)
  // The free-text reasons of their placements (a refusal's "why" may say something about the person).
  await tx.execute(
    sql`update job_placements set reason = null where organisation_id = ${organisationId} and candidate_id in ${idList}`,
  )
  await tx.execute(sql`
    update job_placement_events e set reason = null from job_placements p
    where e.placement_id = p.id and p.organisation_id = ${organisationId} and p.candidate_id in ${idList}`)
  await tx.execute(sql`
    update candidates set
      first_name = 'Anonyme',
      last_name = upper(substr(replace(id::text, '-', ''), 1, 6)),
      birth_date = null, address_formatted = null, address_is_qpv = false, phone = null, email = null,
      nir_encrypted = null, nir_blind_index = null, nir_prefix = null, caf_number = null, pole_emploi_number = null,
      custom_fields = '{}'::jsonb, anonymised_at = ${at}, updated_at = ${at}
    where organisation_id = ${organisationId} and id in ${idList}`)
}
