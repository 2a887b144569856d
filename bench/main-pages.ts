/**
 * Every page of the main layout, each against its floor (`main-pages-rps`). The pages are read from
 * app/(main) itself, so a new page joins the sweep; each dynamic segment is filled with a real row of the bench data
 * (the biggest organisation's; an orientation and a FUP model are made when it has none), and a page the sweep cannot fill stops the
 * bench rather than being left out.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Pool } from 'pg'

const MAIN = path.join(process.cwd(), 'app', '(main)')

export type MainPage = { route: string; path: string; as: 'admin' | 'partner' }

function mainRoutes(): string[] {
  const routes: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name))
      else if (entry.name === 'page.tsx')
        routes.push(
          `/${path
            .relative(MAIN, dir)
            .split(path.sep)
            .filter((s) => s && !/^\(.*\)$/.test(s))
            .join('/')}`,
        )
    }
  }
  walk(MAIN)
  return routes.sort()
}

/** The rows the pages show: the biggest organisation's, its busiest partner structure and offer. */
export async function mainPages(
  pool: Pool,
  organisationId: string,
  offer: { id: string; structureId: string },
): Promise<MainPage[]> {
  const one = async (text: string, values: unknown[] = [organisationId]) => {
    const { rows } = await pool.query<{ id: string }>(text, values)
    if (!rows[0]) throw new Error(`main-pages: no row for ${text}`)
    return rows[0].id
  }
  const ids: Record<string, string> = {
    candidate: await one(
      'SELECT candidate_id::text AS id FROM social_applies WHERE organisation_id = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
    ),
    enterprise: await one('SELECT id::text FROM enterprises WHERE organisation_id = $1 ORDER BY id LIMIT 1'),
    offer: await one('SELECT id::text FROM job_offers WHERE organisation_id = $1 ORDER BY id LIMIT 1'),
    orientations: await one(`
      WITH existing AS (SELECT id FROM orientations WHERE organisation_id = $1 ORDER BY id LIMIT 1),
      link AS (INSERT INTO referral_links (organisation_id, token_hash, token_hint, label, notify_email)
               SELECT $1, encode(sha256(convert_to('benchMainPages_' || substr(md5($1::text), 1, 17), 'UTF8')), 'hex'), 'benc', 'Bench', 'bench@bench.passerelle.test'
               WHERE NOT EXISTS (SELECT 1 FROM existing) RETURNING id),
      made AS (INSERT INTO orientations (organisation_id, link_id, prescriber_name, prescriber_structure, prescriber_email, first_name, last_name, consent_at)
               SELECT $1, id, 'Bench', 'Bench', 'bench@bench.passerelle.test', 'Camille', 'Bench', now() FROM link RETURNING id)
      SELECT id::text FROM existing UNION ALL SELECT id::text FROM made`),
    modeles: await one(
      `WITH existing AS (SELECT id FROM fup_models WHERE organisation_id = $1 ORDER BY id LIMIT 1),
       made AS (INSERT INTO fup_models (organisation_id, structure_id, name)
                SELECT $1, $2, 'Bench' WHERE NOT EXISTS (SELECT 1 FROM existing) RETURNING id)
       SELECT id::text FROM existing UNION ALL SELECT id::text FROM made`,
      [organisationId, offer.structureId],
    ),
    // The edit page opens only for an offer written in Passerelle (an imported one is a 404): the structure's own.
    editableOffer: await one(
      `SELECT id::text FROM social_offers WHERE structure_id = $1 AND source = 'passerelle' ORDER BY id LIMIT 1`,
      [offer.structureId],
    ),
    user: await one(`SELECT id FROM "user" WHERE organisation_id = $1 AND role = 'counsellor' ORDER BY id LIMIT 1`),
    'support-courses': await one('SELECT id::text FROM support_courses WHERE organisation_id = $1 ORDER BY id LIMIT 1'),
    workshops: await one('SELECT id::text FROM workshops WHERE organisation_id = $1 ORDER BY id LIMIT 1'),
  }
  return (
    mainRoutes()
      // The floor itself, and the spec's alias of the courses' dashboard (a redirect).
      .filter((route) => route !== '/legal-notice' && route !== '/support-courses')
      .map((route) => {
        const segments = route.split('/')
        const filled = segments.map((segment, i) => {
          if (!segment.startsWith('[')) return segment
          if (segment === '[offerId]') return route === '/offer/social/[offerId]/edit' ? ids.editableOffer! : offer.id
          if (segment === '[structurePartnerId]') return offer.structureId
          if (segment === '[navigation]') return 'prescriptions'
          const id = ids[segments[i - 1]!]
          if (!id) throw new Error(`main-pages: no sample for ${segment} in ${route}`)
          return id
        })
        let pagePath = filled.join('/')
        if (route === '/offer/social/create') pagePath += `?structure=${offer.structureId}`
        return {
          route,
          path: pagePath,
          as: route === '/partners/structure/dashboard' || route.startsWith('/offer/social/') ? 'partner' : 'admin',
        } as MainPage
      })
  )
}
