import { onE2eDatabase } from './fixtures'

/**
 * The ids the route table's sample paths need (e2e/route-walk-expected.ts), read from the run's database (the demo
 * organisation of the staff accounts): the route walk and the layout walk open the same pages.
 */
export async function sampleIds(): Promise<Record<string, string>> {
  const one = async (text: string) => ((await onE2eDatabase<{ id: string }>(text)) as { id: string }[])[0]!.id
  const org = `(select organisation_id from "user" where email = 'admin@passerelle.test')`
  const habitatRelais = '20000000-0000-4000-8000-000000000002'
  return {
    candidate: await one(
      `select id from candidates where organisation_id = ${org} and last_name = 'Durand' and first_name = 'Élodie'`,
    ),
    enterprise: await one(`select id::text from enterprises where organisation_id = ${org} order by name limit 1`),
    jobOffer: await one(`select id::text from job_offers where organisation_id = ${org} order by id limit 1`),
    orientation: await one(`select id::text from orientations where organisation_id = ${org} order by id limit 1`),
    user: await one(`select id from "user" where email = 'conseiller@passerelle.test'`),
    model: await one(`select id::text from fup_models where organisation_id = ${org} order by id limit 1`),
    workshop: await one(`select id::text from workshops where organisation_id = ${org} order by id limit 1`),
    course: await one(`select id::text from support_courses where organisation_id = ${org} order by id limit 1`),
    document: await one(
      `select d.id::text from documents d join social_applies a on a.prescription_document_id = d.id
       where a.organisation_id = ${org} and a.structure_id = '${habitatRelais}' order by d.id limit 1`,
    ),
  }
}
