import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { searchCandidatesDashboard } from '@/lib/candidates/dashboard-search'
import { NO_REFERENT } from '@/lib/candidates/list-candidates'
import { allowedReferentIds, referentFilterChoices } from '@/lib/candidates/referent-filter'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { ROLE_PERMISSIONS } from '@/lib/permissions'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { fullName, type PersonName } from '@/lib/person-name'

// Spec §6 filters.authors: the users the candidates dashboard's "Référent" filter offers, on the server.
const db = useTestDb()
const SM = demoIds.orgSeineMaritime
const LYON = demoIds.orgLyon
const names = (rows: PersonName[]) => rows.map(fullName)

async function colleagues(tx: Tx) {
  const user = (id: string, firstName: string, lastName: string, extra: Partial<typeof s.users.$inferInsert> = {}) => ({
    id,
    name: fullName({ firstName, lastName }),
    email: `${id}@passerelle.test`,
    firstName,
    lastName,
    role: 'counsellor',
    organisationId: SM,
    ...extra,
  })
  await tx
    .insert(s.users)
    .values([
      user('it-agnes', 'Agnès', 'Aubert'),
      user('it-gone', 'Gaston', 'Parti', { disabled: true }),
      user('it-lyon', 'Lucie', 'Lyon', { organisationId: LYON }),
      user('it-partner', 'Paul', 'Partenaire', { role: 'fullPartner', organisationId: SM }),
    ])
  // Agnès Aubert follows Karim Benali; the others stay Romain Leroy's.
  await tx.update(s.candidates).set({ referentId: 'it-agnes' }).where(eq(s.candidates.lastName, 'Benali'))
}

describe('referentFilterChoices', () => {
  it('with filters.authors: the enabled staff by name; no disabled user, partner or Lyon user', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await colleagues(tx)
      const seine = await referentFilterChoices(tx, SM, { id: 'demo-referent' }, true)
      expect(names(seine)).toEqual(['Agnès Aubert', 'Cédric Fontaine', 'Romain Leroy', 'Alice Martin'])
      const lyon = await referentFilterChoices(tx, LYON, { id: 'demo-referent-lyon' }, true)
      expect(names(lyon)).toEqual(['Laura Bernard', 'Lucie Lyon'])
    })
  })

  it('without filters.authors: the user alone', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await colleagues(tx)
      expect(names(await referentFilterChoices(tx, SM, { id: 'demo-conseiller' }, false))).toEqual(['Cédric Fontaine'])
      // A user of another organisation is not offered to Seine-Maritime, even as themselves.
      expect(await referentFilterChoices(tx, SM, { id: 'it-lyon' }, false)).toEqual([])
    })
  })

  it('allowedReferentIds keeps the ids offered and "Sans référent"', () => {
    const asked = ['a', NO_REFERENT, 'b', 'c']
    expect(allowedReferentIds(asked, [{ id: 'c' }, { id: 'a' }])).toEqual(['a', NO_REFERENT, 'c'])
    expect(allowedReferentIds(['b'], [])).toEqual([])
  })
})

describe('the dashboard search’s referents (POST /api/candidates/search)', () => {
  const withoutAuthors = ROLE_PERMISSIONS.counsellor.filter((p) => p !== 'filters.authors')
  type Result = Awaited<ReturnType<typeof searchCandidatesDashboard>>
  const lastNames = (result: Result) => (result.ok ? result.rows.map((r) => r.lastName) : result.error)

  it('filters on a colleague with filters.authors; without it, a colleague’s id filters nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await colleagues(tx)
      const withAuthors = { id: 'demo-conseiller', role: 'counsellor', permissions: null, organisationId: SM }
      const agnes = await searchCandidatesDashboard(tx, withAuthors, { referentIds: ['it-agnes'] })
      expect(lastNames(agnes)).toEqual(['Benali'])
      const restricted = { ...withAuthors, permissions: withoutAuthors }
      const all = await searchCandidatesDashboard(tx, restricted, { referentIds: ['it-agnes'] })
      expect(all.ok && all.total).toBe(12)
      // Their own id still filters: Cédric Fontaine follows nobody.
      const none = { ok: true, rows: [], total: 0 }
      expect(await searchCandidatesDashboard(tx, restricted, { referentIds: ['demo-conseiller'] })).toEqual(none)
      expect(await searchCandidatesDashboard(tx, restricted, { referentIds: [NO_REFERENT] })).toEqual(none)
    })
  })
})
