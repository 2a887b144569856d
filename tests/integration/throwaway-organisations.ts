import { sql } from 'drizzle-orm'
import { afterAll } from 'vitest'
import type { Db } from '@/lib/db/client'

/**
 * For a file whose tests create organisations of their own (to work on data no other test reads): registers them,
 * and deletes them with everything they hold after the file, so that the seeded database is as the next file expects.
 */
export function useThrowawayOrganisations(db: Db): (organisationId: string) => string {
  const ids: string[] = []
  afterAll(async () => {
    if (ids.length) await deleteOrganisations(db, ids)
  })
  return (organisationId) => {
    ids.push(organisationId)
    return organisationId
  }
}

async function deleteOrganisations(db: Db, ids: string[]) {
  const orgs = sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`
  await db.transaction(async (tx) => {
    const { rows: docs } = await tx.execute<{ id: string }>(sql`
      select prescription_document_id as id from social_applies where organisation_id in ${orgs} and prescription_document_id is not null
      union select f.answer_document_id from fups f join social_applies a on a.id = f.social_apply_id where a.organisation_id in ${orgs} and f.answer_document_id is not null`)
    await tx.execute(
      sql`delete from fups where social_apply_id in (select id from social_applies where organisation_id in ${orgs})`,
    )
    await tx.execute(sql`delete from social_applies where organisation_id in ${orgs}`)
    if (docs.length)
      await tx.execute(
        sql`delete from documents where id in (${sql.join(
          docs.map((d) => sql`${d.id}::uuid`),
          sql`, `,
        )})`,
      )
    await tx.execute(sql`delete from stats_apply_deltas where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from stats_apply_months where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from stats_apply_org_months where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from sms_messages where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from stats_sms_deltas where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from stats_sms_months where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from outbound_mails where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from data_exports where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from audit_log where organisation_id in ${orgs}`)
    await tx.execute(
      sql`delete from read_journal where owner_organisation_id in ${orgs} or organisation_id in ${orgs} or structure_id in (select id from partner_structures where organisation_id in ${orgs})`,
    )
    // Placements, job offers, enterprises, partner links, challenges, and the structures these organisations created.
    await tx.execute(sql`delete from orientations where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from diagnoses where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from referral_links where organisation_id in ${orgs}`)
    await tx.execute(
      sql`delete from support_course_progress where enrolment_id in (select id from support_course_enrolments where organisation_id in ${orgs})`,
    )
    await tx.execute(sql`delete from support_course_enrolments where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from support_course_steps where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from support_courses where organisation_id in ${orgs}`)
    // Invitations first: they name registrations and workshops (a registration's invitation_id has no foreign key).
    await tx.execute(sql`delete from invitations where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from invitation_themes where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from invitation_seat_alerts where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from workshop_registrations where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from workshops where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from stats_workshop_deltas where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from stats_workshop_months where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from workshop_notice_templates where organisation_id in ${orgs}`)
    await tx.execute(
      sql`delete from job_placement_events where placement_id in (select id from job_placements where organisation_id in ${orgs})`,
    )
    await tx.execute(sql`delete from job_placements where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from job_offers where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from enterprises where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from organisation_partner_structures where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from challenges where organisation_id in ${orgs}`)
    const structures = sql`(select id from partner_structures where organisation_id in ${orgs})`
    await tx.execute(sql`delete from organisation_partner_structures where structure_id in ${structures}`)
    await tx.execute(sql`delete from social_offers where structure_id in ${structures}`)
    await tx.execute(sql`delete from outbound_mails where structure_id in ${structures}`)
    await tx.execute(sql`delete from audit_log where structure_id in ${structures}`)
    await tx.execute(sql`delete from "user" where structure_id in ${structures}`)
    await tx.execute(sql`delete from partner_structures where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from candidates where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from custom_field_definitions where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from places where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from candidate_statuses where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from "user" where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from organisation_role_permissions where organisation_id in ${orgs}`)
    await tx.execute(sql`delete from organisations where id in ${orgs}`)
  })
}
