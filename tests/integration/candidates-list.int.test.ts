import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DASHBOARD_SEARCH_MESSAGES, searchCandidatesDashboard } from '@/lib/candidates/dashboard-search'
import {
  listCandidatesPage,
  hasCandidates,
  NO_REFERENT,
  type CandidateListParams,
} from '@/lib/candidates/list-candidates'
import { countCandidates } from '@/lib/candidates/queries'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { listName } from '@/lib/person-name'

const db = useTestDb()
const ORG = demoIds.orgSeineMaritime
const LYON = demoIds.orgLyon

/*
 * The seed's 12 Seine-Maritime candidates (lib/db/seed.ts), in order i = 0…11, phone 06 12 34 56 70 + i, place
 * i % 5 of [Rouen, Le Havre, Dieppe, Elbeuf, Fécamp], status i % 4 of [new, inProgress, waiting, out], referent Romain
 * Leroy: Élodie Durand, Karim Benali, Sophie Lefèvre, Mamadou Diallo, Chloé Girard, Thomas Roux, Nadia Haddad,
 * Julien Morel, Inès Fournier, Lucas Mercier, Fatou Camara, Antoine Blanc. Lyon has Léa Rousseau.
 */
const list = (handle: typeof db | Tx, params: CandidateListParams = {}, organisationId: string = ORG) =>
  listCandidatesPage(handle, organisationId, params)
const lastNames = async (handle: typeof db | Tx, params: CandidateListParams = {}, organisationId: string = ORG) =>
  (await list(handle, params, organisationId)).rows.map((r) => r.lastName)

async function placeId(label: string, organisationId: string = ORG) {
  const rows = await db
    .select({ id: s.places.id, org: s.places.organisationId })
    .from(s.places)
    .where(eq(s.places.label, label))
  return rows.find((r) => r.org === organisationId)!.id
}
async function statusId(value: string, organisationId: string = ORG) {
  const rows = await db
    .select({ id: s.candidateStatuses.id, org: s.candidateStatuses.organisationId })
    .from(s.candidateStatuses)
    .where(eq(s.candidateStatuses.value, value))
  return rows.find((r) => r.org === organisationId)!.id
}

describe('listCandidatesPage', () => {
  it('lists the organisation’s candidates by last name, with their labels and referent, never the NIR', async () => {
    const { rows, total } = await list(db)
    expect(total).toBe(12)
    expect(rows.map((r) => r.lastName)).toEqual([
      'Benali',
      'Blanc',
      'Camara',
      'Diallo',
      'Durand',
      'Fournier',
      'Girard',
      'Haddad',
      'Lefèvre',
      'Mercier',
      'Morel',
      'Roux',
    ])
    const elodie = rows.find((r) => r.lastName === 'Durand')!
    expect(elodie).toMatchObject({
      firstName: 'Élodie',
      phone: '0612345670',
      email: 'elodie.durand@exemple.test',
      place: 'Rouen',
      status: 'Nouveau',
      referent: 'Romain Leroy',
    })
    expect(elodie.createdAt).toBeInstanceOf(Date)
    expect(Object.keys(elodie).sort()).toEqual([
      'createdAt',
      'email',
      'firstName',
      'id',
      'lastName',
      'phone',
      'place',
      'referent',
      'status',
    ])
  })

  it('searches names without caring for accents or capitals', async () => {
    expect(await lastNames(db, { search: 'lefevre' })).toEqual(['Lefèvre'])
    expect(await lastNames(db, { search: 'LEFÈVRE' })).toEqual(['Lefèvre'])
    expect(await lastNames(db, { search: 'élodie' })).toEqual(['Durand'])
    expect(await lastNames(db, { search: 'ELODIE' })).toEqual(['Durand'])
    expect(await lastNames(db, { search: 'Chloe Gir' })).toEqual(['Girard'])
    expect((await list(db, { search: 'zzzz' })).total).toBe(0)
  })

  it('searches a phone fragment, with or without separators, and an email fragment', async () => {
    expect(await lastNames(db, { search: '0612345681' })).toEqual(['Blanc'])
    expect(await lastNames(db, { search: '06 12 34 56 81' })).toEqual(['Blanc'])
    expect(await lastNames(db, { search: '+33 6 12 34 56 81' })).toEqual(['Blanc'])
    expect(await lastNames(db, { search: '568' })).toEqual(['Blanc', 'Camara'])
    expect(await lastNames(db, { search: 'fatou.camara@' })).toEqual(['Camara'])
  })

  it('applies the search from 2 characters only, and reads % and _ literally', async () => {
    expect((await list(db, { search: 'x' })).total).toBe(12)
    expect((await list(db, { search: '  ' })).total).toBe(12)
    // Fatou Camara, Mamadou Diallo, Inès Fournier, Thomas Roux.
    expect(await lastNames(db, { search: 'ou' })).toEqual(['Camara', 'Diallo', 'Fournier', 'Roux'])
    expect((await list(db, { search: 'd%d' })).total).toBe(0)
    expect((await list(db, { search: '__' })).total).toBe(0)
  })

  it('filters by place, status and referent, alone and together with the search', async () => {
    const rouen = await placeId('Rouen')
    const dieppe = await placeId('Dieppe')
    const fresh = await statusId('new')
    expect(await lastNames(db, { placeIds: [rouen] })).toEqual(['Camara', 'Durand', 'Roux'])
    expect(await lastNames(db, { placeIds: [rouen, dieppe] })).toEqual(['Camara', 'Durand', 'Lefèvre', 'Morel', 'Roux'])
    expect(await lastNames(db, { statusIds: [fresh] })).toEqual(['Durand', 'Fournier', 'Girard'])
    expect(await lastNames(db, { placeIds: [rouen], statusIds: [fresh] })).toEqual(['Durand'])
    expect(await lastNames(db, { search: 'ou', placeIds: [rouen] })).toEqual(['Camara', 'Roux'])
    expect(await lastNames(db, { search: 'ou', placeIds: [rouen], statusIds: [fresh] })).toEqual([])
    expect((await list(db, { referentIds: ['demo-referent'] })).total).toBe(12)
    expect((await list(db, { referentIds: ['demo-conseiller'] })).total).toBe(0)
    // An id that is not a uuid matches nothing rather than failing.
    expect((await list(db, { placeIds: ['not-a-uuid'] })).total).toBe(0)
  })

  it('filters candidates without referent', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await tx.update(s.candidates).set({ referentId: null }).where(eq(s.candidates.lastName, 'Roux'))
      expect(await lastNames(tx, { referentIds: [NO_REFERENT] })).toEqual(['Roux'])
      expect((await list(tx, { referentIds: [NO_REFERENT, 'demo-referent'] })).total).toBe(12)
      expect(await lastNames(tx, { referentIds: [NO_REFERENT], search: 'thomas' })).toEqual(['Roux'])
    })
  })

  it('sorts by name, creation date, place and status, both ways', async () => {
    expect((await lastNames(db, { direction: 'desc' }))[0]).toBe('Roux')
    // Places: Dieppe (Lefèvre, Morel) come first ascending, Rouen (Camara, Durand, Roux) first descending.
    expect((await lastNames(db, { sort: 'place' })).slice(0, 2)).toEqual(['Lefèvre', 'Morel'])
    expect((await lastNames(db, { sort: 'place', direction: 'desc' })).slice(0, 3)).toEqual([
      'Camara',
      'Durand',
      'Roux',
    ])
    // Statuses in the settings' order: Nouveau first ascending, Sorti du dispositif first descending.
    expect((await lastNames(db, { sort: 'status' })).slice(0, 3)).toEqual(['Durand', 'Fournier', 'Girard'])
    expect((await lastNames(db, { sort: 'status', direction: 'desc' })).slice(0, 3)).toEqual([
      'Blanc',
      'Diallo',
      'Morel',
    ])
    // The same sorts with a search.
    expect(await lastNames(db, { search: 'ou', sort: 'place', direction: 'desc' })).toEqual([
      'Camara',
      'Roux',
      'Diallo',
      'Fournier',
    ])
    await inRolledBackTransaction(db, async (tx) => {
      await tx
        .update(s.candidates)
        .set({ createdAt: new Date('2020-01-01T10:00:00Z') })
        .where(eq(s.candidates.lastName, 'Morel'))
      await tx
        .update(s.candidates)
        .set({ createdAt: new Date('2030-01-01T10:00:00Z') })
        .where(eq(s.candidates.lastName, 'Haddad'))
      const newestFirst = await lastNames(tx, { sort: 'created' })
      expect(newestFirst[0]).toBe('Haddad')
      expect(newestFirst[11]).toBe('Morel')
      expect((await lastNames(tx, { sort: 'created', direction: 'asc' }))[0]).toBe('Morel')
      expect(await lastNames(tx, { search: 'e', sort: 'created' }).then((n) => n[0])).toBe('Haddad')
    })
  })

  it('pages by 50 with the total, with and without search, pages never overlapping', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await tx.insert(s.candidates).values(
        Array.from({ length: 60 }, (_, i) => ({
          organisationId: ORG,
          firstName: `Prénom${i}`,
          lastName: `Martineau`,
          phone: `07000000${String(i).padStart(2, '0')}`,
        })),
      )
      const first = await list(tx, { page: 1 })
      const second = await list(tx, { page: 2 })
      expect(first.total).toBe(72)
      expect(second.total).toBe(72)
      expect(first.rows).toHaveLength(50)
      expect(second.rows).toHaveLength(22)
      expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(72)

      const search1 = await list(tx, { search: 'martineau', page: 1 })
      const search2 = await list(tx, { search: 'martineau', page: 2 })
      expect([search1.total, search1.rows.length, search2.total, search2.rows.length]).toEqual([60, 50, 60, 10])
      expect(new Set([...search1.rows, ...search2.rows].map((r) => r.id)).size).toBe(60)
      // Past the last page: no row, still the total.
      expect(await list(tx, { search: 'martineau', page: 3 })).toEqual({ rows: [], total: 60 })
      expect((await list(tx, { page: 9 })).total).toBe(72)
    })
  })

  it('never shows another organisation’s candidates', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await tx
        .insert(s.candidates)
        .values({ organisationId: LYON, firstName: 'Élodie', lastName: 'Durand', phone: '0612345670' })
      expect(await lastNames(tx, { search: 'rousseau' })).toEqual([])
      expect(await lastNames(tx, { search: 'durand' })).toEqual(['Durand'])
      expect((await list(tx, { search: '0612345670' })).total).toBe(1)
      expect((await list(tx)).total).toBe(12)
      // Lyon sees its own two, and a Seine-Maritime place filter matches none of them.
      expect(await lastNames(tx, {}, LYON)).toEqual(['Durand', 'Rousseau'])
      expect(await lastNames(tx, { search: 'durand' }, LYON)).toEqual(['Durand'])
      expect((await list(tx, { placeIds: [await placeId('Rouen')] }, LYON)).total).toBe(0)
    })
  })

  it('tells an organisation without candidates from one whose filters match none', async () => {
    expect(await hasCandidates(db, ORG)).toBe(true)
    await inRolledBackTransaction(db, async (tx) => {
      await tx.delete(s.candidates).where(eq(s.candidates.organisationId, LYON))
      expect(await hasCandidates(tx, LYON)).toBe(false)
    })
  })
})

/*
 * POST /api/candidates/search (the dashboard's search, typed in the page and never put in a URL): the route hands the
 * session's user and the raw JSON body to searchCandidatesDashboard.
 */
describe('countCandidates (the statistics page)', () => {
  it("counts the organisation's own candidates only", async () => {
    expect(await countCandidates(db, ORG)).toBe(12)
    expect(await countCandidates(db, LYON)).toBe(1)
    await inRolledBackTransaction(db, async (tx) => {
      await tx.insert(s.candidates).values({ organisationId: LYON, firstName: 'Nouveau', lastName: 'Candidat' })
      expect(await countCandidates(tx, LYON)).toBe(2)
      expect(await countCandidates(tx, ORG)).toBe(12)
    })
  })
})

describe('searchCandidatesDashboard', () => {
  const referent = { id: 'demo-referent', role: 'referent', permissions: null, organisationId: ORG }
  const lyonReferent = { id: 'demo-referent-lyon', role: 'referent', permissions: null, organisationId: LYON }
  type SearchUser = { id?: string; role: string; permissions: string[] | null; organisationId: string | null }
  const search = (handle: typeof db | Tx, body: unknown, { id = 'demo-referent', ...user }: SearchUser = referent) =>
    searchCandidatesDashboard(handle, { id, ...user }, body)
  const namesOf = (result: Awaited<ReturnType<typeof search>>) => {
    if (!result.ok) throw new Error(`unexpected refusal: ${result.error}`)
    return result.rows.map(listName)
  }

  it('returns the page and the total under the search, filters, sort and page of the body', async () => {
    const rouen = await placeId('Rouen')
    expect(await search(db, { search: 'LEFEVRE' })).toMatchObject({
      ok: true,
      total: 1,
      rows: [{ lastName: 'Lefèvre', firstName: 'Sophie', place: 'Dieppe' }],
    })
    // Fatou Camara, Mamadou Diallo, Inès Fournier, Thomas Roux; in Rouen: Camara and Roux; descending names.
    expect(
      namesOf(
        await search(db, {
          search: 'ou',
          placeIds: [rouen],
          statusIds: [],
          referentIds: [],
          sort: 'name',
          direction: 'desc',
          page: 1,
        }),
      ),
    ).toEqual(['Roux Thomas', 'Camara Fatou'])
    expect(namesOf(await search(db, { search: '06 12 34 56 81' }))).toEqual(['Blanc Antoine'])
    // Nothing but defaults: the whole first page, by name.
    const all = await search(db, {})
    expect(all.ok && all.total).toBe(12)
    expect(namesOf(all)[0]).toBe('Benali Karim')
    // Past the last page: no row, still the total (the page then moves to the last one).
    expect(await search(db, { search: 'ou', page: 2 })).toEqual({ ok: true, rows: [], total: 4 })
  })

  it('never returns another organisation’s candidates, whatever the body says', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await tx
        .insert(s.candidates)
        .values({ organisationId: LYON, firstName: 'Élodie', lastName: 'Durand', phone: '0612345670' })
      expect(namesOf(await search(tx, { search: 'rousseau' }))).toEqual([])
      expect(namesOf(await search(tx, { search: 'durand' }))).toEqual(['Durand Élodie'])
      expect(await search(tx, { search: '0612345670' })).toMatchObject({ ok: true, total: 1 })
      // An organisation in the body is not read: the session's is.
      expect(namesOf(await search(tx, { search: 'rousseau', organisationId: LYON }))).toEqual([])
      // A Lyon place asked by a Seine-Maritime referent matches none of Seine-Maritime's candidates, and no Lyon one.
      const villeurbanne = await placeId('Villeurbanne', LYON)
      expect(await search(tx, { placeIds: [villeurbanne] })).toEqual({ ok: true, rows: [], total: 0 })
      // Lyon's referent sees Lyon's two.
      expect(namesOf(await search(tx, { search: 'ou' }, lyonReferent))).toEqual(['Rousseau Léa'])
      expect(namesOf(await search(tx, {}, lyonReferent))).toEqual(['Durand Élodie', 'Rousseau Léa'])
      const lyonDurand = await search(tx, { search: 'durand' }, lyonReferent)
      const ownDurand = await search(tx, { search: 'durand' })
      expect(lyonDurand.ok && ownDurand.ok && lyonDurand.rows[0]!.id !== ownDurand.rows[0]!.id).toBe(true)
    })
  })

  it('answers a bad body with a French message', async () => {
    const invalid = { ok: false, status: 400, error: DASHBOARD_SEARCH_MESSAGES.invalid }
    expect(DASHBOARD_SEARCH_MESSAGES.invalid).toBe(
      'Les critères de la liste ne sont pas valides\u00a0: rechargez la page et réessayez.',
    )
    for (const body of [
      null,
      'durand',
      [],
      { search: 42 },
      { page: 0 },
      { page: 'deux' },
      { page: 1.5 },
      { sort: 'nir' },
      { direction: 'up' },
      { placeIds: 'x' },
      { statusIds: [''] },
      { referentIds: Array(101).fill('none') },
    ]) {
      expect(await search(db, body), JSON.stringify(body)).toEqual(invalid)
    }
    expect(await search(db, { search: 'x'.repeat(101) })).toEqual({
      ok: false,
      status: 400,
      error: 'La recherche ne peut pas dépasser 100 caractères.',
    })
    expect((await search(db, { search: 'x'.repeat(100) })).ok).toBe(true)
  })

  it('refuses a user without candidate.visualize or without organisation, before reading the body', async () => {
    const forbidden = { ok: false, status: 403, error: 'Vous n’avez pas accès à la liste des candidats.' }
    expect(
      await search(
        db,
        { search: 'durand' },
        { role: 'referent', permissions: ['candidate.modify'], organisationId: ORG },
      ),
    ).toEqual(forbidden)
    expect(
      await search(db, { search: 'durand' }, { role: 'fullPartner', permissions: null, organisationId: null }),
    ).toEqual(forbidden)
    expect(
      await search(db, { search: 'durand' }, { role: 'referent', permissions: null, organisationId: null }),
    ).toEqual(forbidden)
    expect(await search(db, null, { role: 'nobody', permissions: null, organisationId: ORG })).toEqual(forbidden)
  })
})
