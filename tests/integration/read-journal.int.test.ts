import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { exportCandidates } from '@/lib/candidates/export-candidates'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoApplyId, demoIds } from '@/db/seed'
import { readApplyDocument, readApplyForDialog } from '@/lib/journal/apply-reads'
import { parseConsultationFilters } from '@/lib/journal/consultation-filters'
import { consultationScope } from '@/lib/journal/consultation-scope'
import { listConsultations, readersOf } from '@/lib/journal/consultations'
import { consultationsCsv } from '@/lib/journal/consultations-csv'
import { recordRead } from '@/lib/journal/record-read'
import { journalSheetRead, readCandidateForSheet } from '@/lib/journal/sheet-read'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Every read of a person's file writes one journal row (who, when, what: ids and a kind), and administrators, and
// only they, read their own organisation's rows back as "Consultations".
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const ORG = demoIds.orgSeineMaritime

const admin = { id: 'demo-admin', role: 'admin', permissions: null, organisationId: ORG, structureId: null }
const referent = { id: 'demo-referent', role: 'referent', permissions: null, organisationId: ORG, structureId: null }
const counsellor = { id: 'demo-conseiller', role: 'counsellor', permissions: null, organisationId: ORG }
const lyonReferent = {
  id: 'demo-referent-lyon',
  role: 'referent',
  permissions: null,
  organisationId: demoIds.orgLyon,
  structureId: null,
}
const lyonAdmin = { id: 'lyon-admin', role: 'admin', permissions: null, organisationId: demoIds.orgLyon }
const partner = {
  id: 'demo-partenaire',
  role: 'fullPartner',
  permissions: null,
  organisationId: null,
  structureId: demoIds.structureMobilite,
}
const habitatPartner = { ...partner, id: 'demo-partenaire-habitat', structureId: demoIds.structureHabitat }

async function candidateId(tx: Tx, firstName: string, lastName: string) {
  const [row] = await tx
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(and(eq(s.candidates.firstName, firstName), eq(s.candidates.lastName, lastName)))
  return row!.id
}
const journalOf = (tx: Tx, where: ReturnType<typeof sql>) =>
  tx.execute<{
    actor_id: string
    organisation_id: string | null
    structure_id: string | null
    owner_organisation_id: string
    candidate_id: string | null
    kind: string
    entity_id: string | null
    count: number | null
  }>(sql`select * from read_journal where ${where} order by id`)

describe('the candidate sheet’s reads', () => {
  it('journal one row per tab opened, with ids and the kind only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await candidateId(tx, 'Julien', 'Morel')
      const candidate = await readCandidateForSheet(tx, { id: referent.id, organisationId: ORG }, id, 'candidate.sms')
      expect(candidate?.firstName).toBe('Julien')
      await readCandidateForSheet(tx, { id: referent.id, organisationId: ORG }, id, 'candidate.sheet')
      const { rows } = await journalOf(tx, sql`candidate_id = ${id}::uuid`)
      expect(rows).toEqual([
        {
          id: expect.anything(),
          at: expect.anything(),
          actor_id: 'demo-referent',
          organisation_id: ORG,
          structure_id: null,
          owner_organisation_id: ORG,
          candidate_id: id,
          kind: 'candidate.sms',
          entity_id: null,
          count: null,
        },
        expect.objectContaining({ kind: 'candidate.sheet', actor_id: 'demo-referent' }),
      ])
    })
  })

  it('journal nothing for a candidate of another organisation, which is not found', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await candidateId(tx, 'Julien', 'Morel')
      const reader = { id: lyonReferent.id, organisationId: demoIds.orgLyon }
      expect(await readCandidateForSheet(tx, reader, id, 'candidate.identity')).toBeNull()
      expect(await journalSheetRead(tx, reader, id, 'candidate.identity')).toBe(false)
      expect((await journalOf(tx, sql`candidate_id = ${id}::uuid`)).rows).toEqual([])
    })
  })
})

describe('the FUP dialog and PDFs', () => {
  it('journal the partner’s opening of a prescription, for the prescribing organisation', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const applyId = demoApplyId(0)
      const apply = await readApplyForDialog(tx, partner, applyId)
      expect(apply?.fup).toBeTruthy()
      const { rows } = await journalOf(tx, sql`entity_id = ${applyId}::uuid`)
      expect(rows).toEqual([
        expect.objectContaining({
          actor_id: 'demo-partenaire',
          organisation_id: null,
          structure_id: demoIds.structureMobilite,
          owner_organisation_id: apply!.organisationId,
          candidate_id: apply!.candidateId,
          kind: 'fup.dialog',
        }),
      ])
      // Another structure's partner: not found, nothing journaled.
      expect(await readApplyForDialog(tx, habitatPartner, applyId)).toBeNull()
      expect((await journalOf(tx, sql`entity_id = ${applyId}::uuid`)).rows).toHaveLength(1)
    })
  })

  it('journal each PDF download by its tenants, and nothing for anyone else', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [apply] = await tx
        .select({ documentId: s.socialApplies.prescriptionDocumentId, candidateId: s.socialApplies.candidateId })
        .from(s.socialApplies)
        .where(eq(s.socialApplies.id, demoApplyId(0)))
      const documentId = apply!.documentId!
      expect((await readApplyDocument(tx, referent, documentId))?.mimeType).toBe('application/pdf')
      expect(await readApplyDocument(tx, partner, documentId)).not.toBeNull()
      expect(await readApplyDocument(tx, lyonReferent, documentId)).toBeNull()
      expect(await readApplyDocument(tx, habitatPartner, documentId)).toBeNull()
      // Without candidate.visualize an organisation user reads no PDF.
      expect(await readApplyDocument(tx, { ...referent, permissions: [] }, documentId)).toBeNull()
      const { rows } = await journalOf(tx, sql`entity_id = ${documentId}::uuid`)
      expect(rows.map((r) => [r.actor_id, r.kind, r.owner_organisation_id, r.candidate_id, r.structure_id])).toEqual([
        ['demo-referent', 'fup.pdf', ORG, apply!.candidateId, null],
        ['demo-partenaire', 'fup.pdf', ORG, apply!.candidateId, demoIds.structureMobilite],
      ])
    })
  })
})

describe('the dashboard’s CSV export', () => {
  it('writes one journal row with its count, in the export’s transaction', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const ids = [await candidateId(tx, 'Julien', 'Morel'), await candidateId(tx, 'Élodie', 'Durand')]
      const result = await exportCandidates(asDb(tx), { organisationId: ORG, ids, actorId: referent.id })
      expect(result.ok).toBe(true)
      const { rows } = await journalOf(tx, sql`kind = 'export' and actor_id = 'demo-referent'`)
      expect(rows).toEqual([
        expect.objectContaining({ owner_organisation_id: ORG, candidate_id: null, count: 2, entity_id: null }),
      ])
      // An id of another organisation exports nothing and journals nothing.
      const lyon = await candidateId(tx, 'Léa', 'Rousseau')
      expect((await exportCandidates(asDb(tx), { organisationId: ORG, ids: [lyon], actorId: referent.id })).ok).toBe(
        false,
      )
      expect((await journalOf(tx, sql`kind = 'export' and actor_id = 'demo-referent'`)).rows).toHaveLength(1)
    })
  })
})

describe('Consultations', () => {
  /** Three reads of Julien's file on known days, one of Élodie's, and one of a Lyon candidate. */
  async function journal(tx: Tx) {
    const julien = await candidateId(tx, 'Julien', 'Morel')
    const elodie = await candidateId(tx, 'Élodie', 'Durand')
    const lea = await candidateId(tx, 'Léa', 'Rousseau')
    const common = { organisationId: ORG, ownerOrganisationId: ORG }
    await recordRead(tx, [
      {
        ...common,
        actorId: 'demo-referent',
        candidateId: julien,
        kind: 'candidate.sheet',
        at: new Date('2026-03-01T10:00:00Z'),
      },
      {
        ...common,
        actorId: 'demo-conseiller',
        candidateId: julien,
        kind: 'candidate.sms',
        at: new Date('2026-03-02T22:30:00Z'),
      },
      {
        actorId: 'demo-partenaire',
        organisationId: null,
        structureId: demoIds.structureMobilite,
        ownerOrganisationId: ORG,
        candidateId: julien,
        kind: 'fup.dialog',
        at: new Date('2026-03-04T09:00:00Z'),
      },
      {
        ...common,
        actorId: 'demo-referent',
        candidateId: elodie,
        kind: 'candidate.identity',
        at: new Date('2026-03-05T09:00:00Z'),
      },
      { ...common, actorId: 'demo-referent', kind: 'export', count: 40, at: new Date('2026-03-06T09:00:00Z') },
      {
        actorId: 'demo-referent-lyon',
        organisationId: demoIds.orgLyon,
        ownerOrganisationId: demoIds.orgLyon,
        candidateId: lea,
        kind: 'candidate.sheet',
        at: new Date('2026-03-01T10:00:00Z'),
      },
    ])
    return { julien, elodie, lea }
  }
  const none = parseConsultationFilters({})

  it('lists a candidate’s reads for an administrator of its organisation, newest first, with readers named', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { julien } = await journal(tx)
      const scope = await consultationScope(tx, admin, { candidateId: julien })
      expect(scope).toEqual({ ownerOrganisationId: ORG, candidateId: julien })
      const list = await listConsultations(tx, scope!, none)
      expect(list.total).toBe(3)
      expect(list.rows.map((r) => [r.kind, r.actorName, r.structureName])).toEqual([
        ['fup.dialog', 'Paula Moreau', 'Mobilité Solidaire'],
        ['candidate.sms', 'Cédric Fontaine', null],
        ['candidate.sheet', 'Romain Leroy', null],
      ])
      expect((await readersOf(tx, { ownerOrganisationId: ORG, candidateId: julien })).map((r) => r.label)).toEqual([
        'Cédric Fontaine',
        'Paula Moreau (Mobilité Solidaire)',
        'Romain Leroy',
      ])
    })
  })

  it('filters by Paris day, reader and kind', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { julien } = await journal(tx)
      const scope = (await consultationScope(tx, admin, { candidateId: julien }))!
      const kinds = async (query: Record<string, string>) =>
        (await listConsultations(tx, scope, parseConsultationFilters(query))).rows.map((r) => r.kind)
      // 22:30 UTC on 2 March is 23:30 in Paris: still the 2nd.
      expect(await kinds({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['candidate.sms'])
      expect(await kinds({ from: '2026-03-03' })).toEqual(['fup.dialog'])
      expect(await kinds({ user: 'demo-referent' })).toEqual(['candidate.sheet'])
      expect(await kinds({ kind: 'candidate.sms' })).toEqual(['candidate.sms'])
      // A malformed filter is no filter.
      expect(await kinds({ kind: 'drop table', from: '2026-13-45', user: "x' or 1=1" })).toHaveLength(3)
    })
  })

  it('lists a user’s reads with the candidates named, and exports them as CSV', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await journal(tx)
      const scope = await consultationScope(tx, admin, { userId: 'demo-referent' })
      expect(scope).toEqual({ ownerOrganisationId: ORG, actorId: 'demo-referent' })
      const list = await listConsultations(tx, scope!, none)
      expect(list.rows.map((r) => [r.kind, r.candidateName, r.count])).toEqual([
        ['export', null, 40],
        ['candidate.identity', 'Élodie Durand', null],
        ['candidate.sheet', 'Julien Morel', null],
      ])
      // Read as bytes: a TextDecoder would drop the BOM the file must start with.
      const csv = Buffer.from(
        await new Response(consultationsCsv(tx, scope!, parseConsultationFilters({ kind: 'export' }))).arrayBuffer(),
      ).toString('utf8')
      expect(csv).toBe(
        '\uFEFFDate;Heure;Utilisateur;Consultation;Candidat;Personnes exportées\r\n' +
          '06/03/2026;10:00;Romain Leroy;Export de données;;40\r\n',
      )
    })
  })

  it('is refused to a counsellor, and shows an administrator of another organisation nothing of this one', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { julien, lea } = await journal(tx)
      await tx.insert(s.users).values({
        id: lyonAdmin.id,
        name: 'Lyon Admin',
        firstName: 'Louis',
        lastName: 'Admin',
        email: 'lyon-admin@exemple.test',
        role: 'admin',
        organisationId: demoIds.orgLyon,
      })
      expect(await consultationScope(tx, counsellor, { candidateId: julien })).toBeNull()
      expect(await consultationScope(tx, referent, { userId: 'demo-conseiller' })).toBeNull()
      expect(await consultationScope(tx, lyonAdmin, { candidateId: julien })).toBeNull()
      expect(await consultationScope(tx, lyonAdmin, { userId: 'demo-referent' })).toBeNull()
      expect(await consultationScope(tx, admin, { candidateId: lea })).toBeNull()
      expect(await consultationScope(tx, admin, { candidateId: 'not-a-uuid' })).toBeNull()
      // Their own candidate: their own rows only, even if another organisation's row named it.
      await recordRead(tx, {
        actorId: 'demo-admin',
        organisationId: ORG,
        ownerOrganisationId: ORG,
        candidateId: lea,
        kind: 'candidate.sheet',
      })
      const lyonScope = (await consultationScope(tx, lyonAdmin, { candidateId: lea }))!
      const list = await listConsultations(tx, lyonScope, none)
      expect(list.rows.map((r) => r.actorId)).toEqual(['demo-referent-lyon'])
    })
  })
})
