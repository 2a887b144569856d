import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nirColumns } from '@/lib/candidates/nir-columns'
import { now } from '@/lib/clock'
import * as s from '@/lib/db/schema'
import { demoApplyId, demoIds } from '@/db/seed'
import { csvWriter, xlsxWriter } from '@/lib/exports/file-writers'
import { withPrivateFile } from '@/lib/exports/private-file'
import { requestExport } from '@/lib/exports/request-export'
import { runExport } from '@/lib/exports/run-export'
import { candidateAccessExport } from '@/lib/journal/access-export'
import { recordRead } from '@/lib/journal/record-read'
import { runRetention } from '@/lib/retention/run-retention'
import type { Db } from '@/lib/db/client'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'
import { addElapsedDays } from '@/lib/dates'

// The read journal's end (the nightly purge), the exports that journal themselves, a person's right of access, and
// the export's working files kept private.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const NOW = new Date('2026-11-24T01:30:00Z')

// The domain's clock fixed at NOW for the whole file (lib/clock.ts), as the e2e server does.
const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-clock-'))
beforeAll(() => {
  const file = path.join(clockDir, 'now')
  fs.writeFileSync(file, NOW.toISOString())
  process.env.PASSERELLE_CLOCK_FILE = file
})
afterAll(() => {
  delete process.env.PASSERELLE_CLOCK_FILE
  fs.rmSync(clockDir, { recursive: true, force: true })
})

async function newOrganisation(journalRetentionMonths: number) {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Journal ${randomUUID().slice(0, 8)}`, journalRetentionMonths })
    .returning()
  const organisationId = throwaway(organisation!.id)
  const userId = `journal-admin-${randomUUID()}`
  await db.insert(s.users).values({
    id: userId,
    name: 'Inès Caron',
    firstName: 'Inès',
    lastName: 'Caron',
    email: `${userId}@exemple.test`,
    role: 'admin',
    organisationId,
  })
  const [candidate] = await db
    .insert(s.candidates)
    .values({ organisationId, firstName: 'Léa', lastName: 'Vasseur', phone: '0612345678' })
    .returning()
  return {
    organisationId,
    candidateId: candidate!.id,
    admin: { id: userId, role: 'admin', permissions: null, organisationId },
  }
}

const journalCount = async (organisationId: string) =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from read_journal where owner_organisation_id = ${organisationId}::uuid`,
    )
  ).rows[0]!.n

describe('the nightly purge of the read journal', () => {
  it('removes, by batches, the rows older than each organisation’s own 6 to 12 months, and keeps the rest', async () => {
    const six = await newOrganisation(6)
    const twelve = await newOrganisation(12)
    // Read at the fixed clock's instant: the row's time is the domain's, not the machine's.
    await recordRead(db, {
      actorId: six.admin.id,
      organisationId: six.organisationId,
      ownerOrganisationId: six.organisationId,
      candidateId: six.candidateId,
      kind: 'candidate.sheet',
    })
    const [fresh] = (
      await db.execute<{ at: string }>(
        sql`select at::text from read_journal where owner_organisation_id = ${six.organisationId}::uuid`,
      )
    ).rows
    expect(Math.abs(new Date(fresh!.at).getTime() - NOW.getTime())).toBeLessThan(60_000)
    // More than one batch of 7-month-old rows, one 5-month-old, in each organisation.
    for (const org of [six, twelve]) {
      await db.execute(sql`
        insert into read_journal (at, actor_id, organisation_id, owner_organisation_id, candidate_id, kind)
        select ${NOW}::timestamptz - interval '7 months', ${org.admin.id}, ${org.organisationId}::uuid,
          ${org.organisationId}::uuid, ${org.candidateId}::uuid, 'candidate.sheet'
        from generate_series(1, 5003)`)
      await recordRead(db, {
        actorId: org.admin.id,
        organisationId: org.organisationId,
        ownerOrganisationId: org.organisationId,
        candidateId: org.candidateId,
        kind: 'candidate.identity',
        at: addElapsedDays(NOW, -150),
      })
    }
    const before = await journalCount(demoIds.orgSeineMaritime)

    await runRetention(db, now())

    expect(await journalCount(six.organisationId)).toBe(2)
    expect(await journalCount(twelve.organisationId)).toBe(5003 + 1)
    // The demo organisation's recent rows are left alone.
    expect(await journalCount(demoIds.orgSeineMaritime)).toBe(before)
    // Six months later the 7-month rows are 13 months old and go; the 5-month one, now 11 months old, stays.
    await runRetention(db, addElapsedDays(NOW, 6 * 31))
    expect(await journalCount(twelve.organisationId)).toBe(1)
  })
})

describe('exports in the journal, and their working files', () => {
  it('journals an export once done, with the number of persons it holds, in the transaction that stores it', async () => {
    const org = await newOrganisation(6)
    const [second] = await db
      .insert(s.candidates)
      .values({ organisationId: org.organisationId, firstName: 'Marc', lastName: 'Lemoine', phone: '0611111111' })
      .returning()
    // Three SMS about two persons: the journal counts persons, not lines.
    await db.insert(s.smsMessages).values([
      { organisationId: org.organisationId, candidateId: org.candidateId, body: 'Bonjour', toNumber: '+33612345678' },
      { organisationId: org.organisationId, candidateId: org.candidateId, body: 'Rappel', toNumber: '+33612345678' },
      { organisationId: org.organisationId, candidateId: second!.id, body: 'Bonjour', toNumber: '+33611111111' },
    ])
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-tmp-'))
    const previous = process.env.TMPDIR
    process.env.TMPDIR = tmp
    try {
      for (const format of ['csv', 'xlsx'] as const) {
        const requested = await requestExport(db, {
          organisationId: org.organisationId,
          userId: org.admin.id,
          input: { dataset: 'sms', format, columns: ['date', 'body'] },
          now: NOW,
        })
        if (!requested.ok) throw new Error('export refused')
        expect(await runExport(db, requested.exportId, { now: () => NOW })).toBe('done')
        const { rows } = await db.execute<{
          kind: string
          count: number
          actor_id: string
          candidate_id: string | null
        }>(
          sql`select kind, count, actor_id, candidate_id from read_journal where entity_id = ${requested.exportId}::uuid`,
        )
        expect(rows).toEqual([{ kind: 'export', count: 2, actor_id: org.admin.id, candidate_id: null }])
      }
      // Nothing of either run is left in the temporary folder.
      expect(fs.readdirSync(tmp)).toEqual([])
    } finally {
      if (previous === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = previous
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  })

  it('writes the working file in a folder of its own (700), mode 600, removed afterwards even on failure', async () => {
    for (const open of [(f: string) => csvWriter(f), (f: string) => xlsxWriter(f, 'Feuille')]) {
      let seen = ''
      await withPrivateFile('export.bin', async (file) => {
        seen = file
        const writer = open(file)
        await writer.header(['Nom'])
        await writer.row(['Vasseur'])
        await writer.end()
        expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700)
        expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      })
      expect(fs.existsSync(path.dirname(seen))).toBe(false)
    }
    let failed = ''
    await expect(
      withPrivateFile('export.csv', async (file) => {
        failed = file
        const writer = csvWriter(file)
        await writer.header(['Nom'])
        throw new Error('the database went away')
      }),
    ).rejects.toThrow('the database went away')
    expect(fs.existsSync(path.dirname(failed))).toBe(false)
  })
})

describe('a person’s right of access', () => {
  it('gives an administrator everything held on the candidate as one document, the journal included, no NIR', async () => {
    const org = await newOrganisation(6)
    const NIR = '188057612345678'
    await db
      .update(s.candidates)
      .set({ ...nirColumns(NIR), email: 'lea.vasseur@exemple.test', customFields: { note: 'suivi' } })
      .where(eq(s.candidates.id, org.candidateId))
    await db.insert(s.smsMessages).values({
      organisationId: org.organisationId,
      candidateId: org.candidateId,
      body: `Votre diagnostic : https://passerelle.test/diagnosis/${'a'.repeat(43)}`,
      toNumber: '+33612345678',
    })
    await recordRead(db, {
      actorId: org.admin.id,
      organisationId: org.organisationId,
      ownerOrganisationId: org.organisationId,
      candidateId: org.candidateId,
      kind: 'candidate.identity',
    })

    const at = now()
    const result = await candidateAccessExport(db, org.admin, org.candidateId, at)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const doc = result.document as Record<string, Record<string, unknown> & unknown[]>
    expect(doc['identité']).toMatchObject({
      nom: 'Vasseur',
      prénom: 'Léa',
      'numéro de sécurité sociale enregistré': true,
    })
    expect(doc['coordonnées']).toMatchObject({ téléphone: '0612345678', email: 'lea.vasseur@exemple.test' })
    expect(doc['champs personnalisés']).toEqual({ note: 'suivi' })
    expect(doc.sms).toHaveLength(1)
    // The journal, its own making included; readers named by their role.
    expect(doc.consultations).toEqual([
      { le: expect.any(String), consultation: 'Fiche – identité', par: 'Administrateur' },
      { le: at.toISOString(), consultation: 'Export du droit d’accès', par: 'Administrateur' },
    ])
    const text = JSON.stringify(doc)
    expect(text).not.toContain('7612345678')
    expect(text).not.toContain('a'.repeat(43))
    expect(text).not.toContain(org.admin.id)
    // Audited and journaled once.
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, org.candidateId), eq(s.auditLog.action, 'candidate.access-export')))
    expect(audit).toHaveLength(1)
  })

  it('includes the prescriptions with their follow-up sheets, without the PDFs’ bytes', async () => {
    // A demo candidate, read in a transaction rolled back: the export's audit and journal rows stay out of the seeded
    // data the next files read (the candidate's history).
    await inRolledBackTransaction(db, async (tx: Tx) => {
      const [apply] = await tx
        .select({ candidateId: s.socialApplies.candidateId })
        .from(s.socialApplies)
        .where(eq(s.socialApplies.id, demoApplyId(0)))
      const admin = { id: 'demo-admin', role: 'admin', permissions: null, organisationId: demoIds.orgSeineMaritime }
      const result = await candidateAccessExport(tx as unknown as Db, admin, apply!.candidateId, NOW)
      if (!result.ok) throw new Error('refused')
      const prescriptions = result.document.prescriptions as Record<string, unknown>[]
      expect(prescriptions.length).toBeGreaterThan(0)
      const first = prescriptions.find((p) => p['fiche de liaison'])!
      expect(first['fiche de liaison']).toHaveProperty('bénéficiaire')
      expect(first.documents).toEqual([expect.objectContaining({ nom: 'Fiche.pdf', type: 'application/pdf' })])
      expect(JSON.stringify(result.document)).not.toContain('%PDF')
    })
  })

  it('is refused to a referent, and to an administrator of another organisation, writing nothing', async () => {
    const org = await newOrganisation(6)
    const referent = { id: 'demo-referent', role: 'referent', permissions: null, organisationId: org.organisationId }
    const otherAdmin = { id: 'demo-admin', role: 'admin', permissions: null, organisationId: demoIds.orgSeineMaritime }
    expect(await candidateAccessExport(db, referent, org.candidateId, NOW)).toEqual({ ok: false })
    expect(await candidateAccessExport(db, otherAdmin, org.candidateId, NOW)).toEqual({ ok: false })
    expect(await candidateAccessExport(db, org.admin, 'not-a-uuid', NOW)).toEqual({ ok: false })
    expect(await journalCount(org.organisationId)).toBe(0)
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${org.candidateId} and action = 'candidate.access-export'`,
    )
    expect(rows[0]!.n).toBe(0)
  })
})
