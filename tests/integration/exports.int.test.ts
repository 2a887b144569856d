import { randomUUID } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { downloadableExport, exportPieces, purgeExpiredExports } from '@/lib/exports/queries'
import { requestExport } from '@/lib/exports/request-export'
import { EXPORT_MAX_ATTEMPTS, EXPORT_STALE_SECONDS, recoverStaleExports } from '@/lib/exports/recover-exports'
import { runExport } from '@/lib/exports/run-export'
import { useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'
import { nirColumns } from '@/lib/candidates/nir-columns'
import { addElapsedDays } from '@/lib/dates'

// Exports on an organisation of their own: request, background run, file, access and expiry.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const NOW = new Date('2026-11-24T10:00:00Z')
const at = () => NOW

async function newOrganisation(candidateCount = 3) {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Exports ${randomUUID().slice(0, 8)}` })
    .returning()
  const organisationId = throwaway(organisation!.id)
  const userId = `exporter-${randomUUID()}`
  await db.insert(s.users).values({
    id: userId,
    name: 'Inès Caron',
    firstName: 'Inès',
    lastName: 'Caron',
    email: `${userId}@exemple.test`,
    role: 'admin',
    organisationId,
  })
  const [place] = await db.insert(s.places).values({ organisationId, label: 'Dieppe' }).returning()
  const [status] = await db
    .insert(s.candidateStatuses)
    .values({ organisationId, value: 'inProgress', label: 'En accompagnement' })
    .returning()
  await db.insert(s.customFieldDefinitions).values({
    organisationId,
    key: 'langues',
    label: 'Langues parlées',
    type: 'listMultiple',
    options: [
      { value: 'fr', label: 'Français' },
      { value: 'ar', label: 'Arabe' },
    ],
  })
  const rows = Array.from({ length: candidateCount }, (_, i) => ({
    organisationId,
    firstName: `Prénom${i}`,
    lastName: `Nom${i}`,
    phone: '0612345678',
    ...nirColumns('188057612345678'),
    placeId: place!.id,
    statusId: status!.id,
    customFields: { langues: ['fr', 'ar'] },
  }))
  // A name a spreadsheet would run as a formula.
  rows.push({ ...rows[0]!, firstName: '=HYPERLINK("http://evil.example","clic")', lastName: '@SUM(A1)' })
  await db.insert(s.candidates).values(rows)
  return { organisationId, userId, placeId: place!.id, statusId: status!.id }
}

const fileOf = async (exportId: string) => {
  const pieces: Buffer[] = []
  for await (const piece of exportPieces(db, exportId)) pieces.push(piece)
  return Buffer.concat(pieces)
}
const exportCount = async (organisationId: string) =>
  (await db.select({ n: count() }).from(s.dataExports).where(eq(s.dataExports.organisationId, organisationId)))[0]!.n

const CANDIDATE_COLUMNS = ['lastName', 'firstName', 'phone', 'place', 'status', 'cf:langues']

describe('requesting an export', () => {
  it('records it and queues its job in the same transaction, with an audit row', async () => {
    const org = await newOrganisation()
    const result = await requestExport(db, {
      organisationId: org.organisationId,
      userId: org.userId,
      input: { dataset: 'candidates', format: 'csv', columns: CANDIDATE_COLUMNS },
      now: NOW,
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'run-export' and data->>'exportId' = ${result.exportId}`,
    )
    expect(rows[0]!.n).toBe(1)
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, result.exportId), eq(s.auditLog.action, 'export.requested')))
    expect(audit).toHaveLength(1)
  })

  it.each([
    [{ dataset: 'candidates', format: 'csv', columns: [] }, 'columns', 'Choisissez au moins une colonne.'],
    [
      { dataset: 'candidates', format: 'csv', columns: ['lastName', 'socialSecurityNumber'] },
      'columns',
      'Une des colonnes choisies n’existe pas pour ces données.',
    ],
    [
      { dataset: 'candidates', format: 'csv', columns: ['lastName', 'cf:inconnu'] },
      'columns',
      'Une des colonnes choisies n’existe pas pour ces données.',
    ],
    [
      { dataset: 'sms', format: 'csv', columns: ['body', 'cf:langues'] },
      'columns',
      'Une des colonnes choisies n’existe pas pour ces données.',
    ],
    [{ dataset: 'clients', format: 'csv', columns: ['lastName'] }, 'dataset', 'Choisissez les données à exporter.'],
    [
      { dataset: 'candidates', format: 'pdf', columns: ['lastName'] },
      'format',
      'Choisissez le format\u00a0: CSV ou Excel (XLSX).',
    ],
    [
      { dataset: 'candidates', format: 'csv', columns: ['lastName'], from: '2026-11-30', to: '2026-11-01' },
      'to',
      'La date de fin doit être le même jour ou après la date de début.',
    ],
    [
      { dataset: 'candidates', format: 'csv', columns: ['lastName'], from: '2026-02-30' },
      'from',
      'La date s’écrit jj/mm/aaaa.',
    ],
    [
      { dataset: 'prescriptions', format: 'csv', columns: ['offer'], state: 'DROP TABLE' },
      'state',
      'Choisissez un état de prescription de la liste.',
    ],
  ])('refuses %j with a French message on its field, and writes nothing', async (input, field, message) => {
    const org = await newOrganisation(1)
    const result = await requestExport(db, { organisationId: org.organisationId, userId: org.userId, input, now: NOW })
    expect(result).toEqual({ ok: false, fieldErrors: expect.objectContaining({ [field]: message }) })
    expect(await exportCount(org.organisationId)).toBe(0)
  })

  it('refuses another organisation’s statuses and places as unknown choices', async () => {
    const org = await newOrganisation(1)
    const other = await newOrganisation(1)
    const result = await requestExport(db, {
      organisationId: org.organisationId,
      userId: org.userId,
      input: { dataset: 'candidates', format: 'csv', columns: ['lastName'], placeIds: [other.placeId] },
      now: NOW,
    })
    expect(result).toEqual({
      ok: false,
      fieldErrors: { placeIds: 'Un des choix n’existe pas (il a peut-être été supprimé).' },
    })
    expect(await exportCount(org.organisationId)).toBe(0)
  })

  it('allows 3 exports in progress per user, even asked at once', async () => {
    const org = await newOrganisation(1)
    const input = { dataset: 'candidates', format: 'csv', columns: ['lastName'] }
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        requestExport(db, { organisationId: org.organisationId, userId: org.userId, input, now: NOW }),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(3)
    expect(results.filter((r) => !r.ok)).toEqual(
      Array(2).fill({ ok: false, error: 'Vous avez déjà 3 exports en cours\u00a0: attendez qu’ils se terminent.' }),
    )
  })
})

describe('running an export', () => {
  it('writes a CSV in UTF-8 with BOM and `;`, every candidate of the organisation, formulas neutralised, no NIR', async () => {
    const org = await newOrganisation(5)
    const result = await requestExport(db, {
      organisationId: org.organisationId,
      userId: org.userId,
      input: { dataset: 'candidates', format: 'csv', columns: CANDIDATE_COLUMNS },
      now: NOW,
    })
    if (!result.ok) throw new Error('not requested')
    expect(await runExport(db, result.exportId, { now: at })).toBe('done')
    const file = await fileOf(result.exportId)
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = file.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(lines[0]).toBe('Nom;Prénom;Téléphone;Lieu de résidence;Statut;Langues parlées')
    expect(lines).toHaveLength(1 + 6)
    // Phone numbers as the screens show them (lib/phone.ts).
    expect(lines).toContain('Nom0;Prénom0;06 12 34 56 78;Dieppe;En accompagnement;Français, Arabe')
    expect(lines.find((l) => l.includes('HYPERLINK'))).toBe(
      `'@SUM(A1);"'=HYPERLINK(""http://evil.example"",""clic"")";06 12 34 56 78;Dieppe;En accompagnement;Français, Arabe`,
    )
    expect(file.toString('utf8')).not.toContain('188057612345678')
    const [row] = await db.select().from(s.dataExports).where(eq(s.dataExports.id, result.exportId))
    expect(row).toMatchObject({
      status: 'done',
      totalRows: 6,
      doneRows: 6,
      fileName: 'passerelle-candidats-2026-11-24.csv',
      byteSize: file.length,
    })
    expect(row!.expiresAt?.toISOString()).toBe('2026-12-01T10:00:00.000Z')
    // A retry of a finished job changes nothing.
    expect(await runExport(db, result.exportId, { now: at })).toBe('already')
  })

  it('writes an XLSX that ExcelJS reads back, filtered by place, across several pages of rows', async () => {
    const org = await newOrganisation(4500)
    const [otherPlace] = await db
      .insert(s.places)
      .values({ organisationId: org.organisationId, label: 'Fécamp' })
      .returning()
    await db
      .insert(s.candidates)
      .values({ organisationId: org.organisationId, firstName: 'Hors', lastName: 'Filtre', placeId: otherPlace!.id })
    const result = await requestExport(db, {
      organisationId: org.organisationId,
      userId: org.userId,
      input: {
        dataset: 'candidates',
        format: 'xlsx',
        columns: ['lastName', 'firstName', 'place'],
        placeIds: [org.placeId],
      },
      now: NOW,
    })
    if (!result.ok) throw new Error('not requested')
    await runExport(db, result.exportId, { now: at })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await fileOf(result.exportId)) as unknown as Parameters<typeof workbook.xlsx.load>[0])
    const sheet = workbook.worksheets[0]!
    expect(sheet.name).toBe('Candidats')
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nom', 'Prénom', 'Lieu de résidence'])
    expect(sheet.actualRowCount).toBe(1 + 4501)
    const names: string[] = []
    sheet.eachRow((r, n) => n > 1 && names.push(String(r.getCell(1).value)))
    expect(names).toContain("'@SUM(A1)")
    expect(names).not.toContain('Filtre')
  })

  it('exports the prescriptions and answers of the organisation only', async () => {
    const result = await requestExport(db, {
      organisationId: demoIds.orgLyon,
      userId: 'demo-referent-lyon',
      input: {
        dataset: 'prescriptions',
        format: 'csv',
        columns: ['candidateLastName', 'offer', 'partner', 'state', 'cause'],
      },
      now: NOW,
    })
    if (!result.ok) throw new Error('not requested')
    await runExport(db, result.exportId, { now: at })
    const lines = (await fileOf(result.exportId)).subarray(3).toString('utf8').trimEnd().split('\r\n')
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from social_applies where organisation_id = ${demoIds.orgLyon}`,
    )
    expect(lines).toHaveLength(1 + rows[0]!.n)
    expect(lines[0]).toBe('Nom du candidat;Offre;Structure partenaire;État;Motif de refus')
    // Lyon's candidate (Léa Rousseau) only; none of Seine-Maritime's.
    expect(lines.slice(1).every((l) => l.startsWith('Rousseau;'))).toBe(true)
  })

  it('exports the workshops and attendance of the organisation, filtered by the workshop’s date', async () => {
    const { organisationId, userId } = await newOrganisation(2)
    const people = await db
      .select({ id: s.candidates.id })
      .from(s.candidates)
      .where(and(eq(s.candidates.organisationId, organisationId), sql`${s.candidates.lastName} like 'Nom%'`))
      .orderBy(s.candidates.lastName)
    const [past, later] = await db
      .insert(s.workshops)
      .values([
        {
          organisationId,
          name: 'Atelier CV',
          theme: 'Emploi',
          startsAt: new Date('2026-11-10T13:00:00Z'),
          addressFormatted: 'Maison de l’emploi, 76200 Dieppe',
          capacity: 10,
          seatsTaken: 2,
          fseFunded: true,
        },
        {
          organisationId,
          name: 'Code de la route',
          startsAt: new Date('2026-12-10T08:30:00Z'),
          videoUrl: 'https://visio.exemple.test/code',
          capacity: 10,
          seatsTaken: 1,
        },
      ])
      .returning()
    await db.insert(s.workshopFacilitators).values({ workshopId: past!.id, userId })
    await db.insert(s.workshopRegistrations).values([
      { organisationId, workshopId: past!.id, candidateId: people[0]!.id, status: 'registered', attendance: 'present' },
      { organisationId, workshopId: past!.id, candidateId: people[1]!.id, status: 'registered', attendance: 'excused' },
      { organisationId, workshopId: later!.id, candidateId: people[0]!.id, status: 'waitlisted' },
    ])
    const result = await requestExport(db, {
      organisationId,
      userId,
      input: {
        dataset: 'workshops',
        format: 'csv',
        columns: [
          'workshop',
          'date',
          'time',
          'place',
          'facilitators',
          'fse',
          'candidateLastName',
          'registration',
          'attendance',
        ],
        from: '2026-11-01',
        to: '2026-11-30',
      },
      now: NOW,
    })
    if (!result.ok) throw new Error('not requested')
    await runExport(db, result.exportId, { now: at })
    const lines = (await fileOf(result.exportId)).subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(lines[0]).toBe('Atelier;Date;Heure;Lieu;Animateurs;Financé par le FSE;Nom du candidat;Inscription;Présence')
    // November only (December's workshop left out); 14:00 in Paris.
    expect(lines.slice(1).sort()).toEqual([
      `Atelier CV;10/11/2026;14:00;Maison de l’emploi, 76200 Dieppe;Inès Caron;Oui;Nom0;Inscrit;Présent`,
      `Atelier CV;10/11/2026;14:00;Maison de l’emploi, 76200 Dieppe;Inès Caron;Oui;Nom1;Inscrit;Absent excusé`,
    ])
  })
})

describe('reading an export', () => {
  it('is its requester’s alone, within its organisation and its 7 days; the purge then deletes its file', async () => {
    const org = await newOrganisation(2)
    const result = await requestExport(db, {
      organisationId: org.organisationId,
      userId: org.userId,
      input: { dataset: 'candidates', format: 'csv', columns: ['lastName'] },
      now: NOW,
    })
    if (!result.ok) throw new Error('not requested')
    // Not downloadable before it is done.
    expect(
      await downloadableExport(db, {
        exportId: result.exportId,
        organisationId: org.organisationId,
        userId: org.userId,
        now: NOW,
      }),
    ).toBeNull()
    await runExport(db, result.exportId, { now: at })
    expect(
      await downloadableExport(db, {
        exportId: result.exportId,
        organisationId: org.organisationId,
        userId: org.userId,
        now: NOW,
      }),
    ).toMatchObject({ fileName: 'passerelle-candidats-2026-11-24.csv' })
    expect(
      await downloadableExport(db, {
        exportId: result.exportId,
        organisationId: org.organisationId,
        userId: 'demo-admin',
        now: NOW,
      }),
    ).toBeNull()
    expect(
      await downloadableExport(db, {
        exportId: result.exportId,
        organisationId: demoIds.orgSeineMaritime,
        userId: org.userId,
        now: NOW,
      }),
    ).toBeNull()
    const eightDaysLater = addElapsedDays(NOW, 8)
    expect(
      await downloadableExport(db, {
        exportId: result.exportId,
        organisationId: org.organisationId,
        userId: org.userId,
        now: eightDaysLater,
      }),
    ).toBeNull()
    expect(await purgeExpiredExports(db, eightDaysLater)).toBeGreaterThanOrEqual(1)
    expect(await fileOf(result.exportId)).toHaveLength(0)
    // The row stays: who asked for what, and when.
    expect(await exportCount(org.organisationId)).toBe(1)
  })
})

describe('an export whose job worker was killed', () => {
  const jobsOf = async (exportId: string) =>
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'run-export' and data->>'exportId' = ${exportId}`,
      )
    ).rows[0]!.n
  /** The worker died: the export is left running, its heartbeat `seconds` old. */
  const killedAt = (exportId: string, seconds: number) =>
    db
      .update(s.dataExports)
      .set({ status: 'running', heartbeatAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(s.dataExports.id, exportId))

  it('gets a new attempt once its heartbeat is stale, which finishes it; the killed attempt writes nothing after', async () => {
    const org = await newOrganisation(5)
    const result = await requestExport(db, {
      organisationId: org.organisationId,
      userId: org.userId,
      input: { dataset: 'candidates', format: 'csv', columns: CANDIDATE_COLUMNS },
      now: NOW,
    })
    if (!result.ok) throw new Error('not requested')
    expect(await jobsOf(result.exportId)).toBe(1)
    // Claimed by a worker (attempt 1) which was then killed; a recent heartbeat is left alone.
    await db
      .update(s.dataExports)
      .set({ status: 'running', attempt: 1, heartbeatAt: sql`now()` })
      .where(eq(s.dataExports.id, result.exportId))
    expect(await recoverStaleExports(db, NOW)).toMatchObject({ requeued: 0 })
    await killedAt(result.exportId, EXPORT_STALE_SECONDS + 5)
    const recovered = await recoverStaleExports(db, NOW)
    expect(recovered.requeued).toBeGreaterThanOrEqual(1)
    const [queued] = await db.select().from(s.dataExports).where(eq(s.dataExports.id, result.exportId))
    expect(queued).toMatchObject({ status: 'queued', heartbeatAt: null, attempt: 1 })
    // Its new job was queued in the same transaction.
    expect(await jobsOf(result.exportId)).toBe(2)
    expect(await runExport(db, result.exportId, { now: at })).toBe('done')
    const [row] = await db.select().from(s.dataExports).where(eq(s.dataExports.id, result.exportId))
    expect(row).toMatchObject({ status: 'done', attempt: 2, totalRows: 6, doneRows: 6 })
    expect((await fileOf(result.exportId)).subarray(3).toString('utf8').trimEnd().split('\r\n')).toHaveLength(7)
  })

  it('a run superseded by a newer attempt stops and writes nothing; after the last attempt the export fails visibly', async () => {
    const org = await newOrganisation(4500)
    const result = await requestExport(db, {
      organisationId: org.organisationId,
      userId: org.userId,
      input: { dataset: 'candidates', format: 'csv', columns: CANDIDATE_COLUMNS },
      now: NOW,
    })
    if (!result.ok) throw new Error('not requested')
    // Two runs at once (a retry and the recovery's): the later claim wins, the earlier stops at its next page.
    const [first, second] = await Promise.all([
      runExport(db, result.exportId, { now: at }),
      runExport(db, result.exportId, { now: at }),
    ])
    expect([first, second].sort()).toEqual(['done', 'superseded'])
    const [done] = await db.select().from(s.dataExports).where(eq(s.dataExports.id, result.exportId))
    expect(done).toMatchObject({ status: 'done', attempt: 2, doneRows: 4501 })
    expect((await fileOf(result.exportId)).subarray(3).toString('utf8').trimEnd().split('\r\n')).toHaveLength(4502)

    // Killed again and again: after its last attempt, the requester sees it failed, without a partial file.
    const other = await requestExport(db, {
      organisationId: org.organisationId,
      userId: org.userId,
      input: { dataset: 'candidates', format: 'csv', columns: CANDIDATE_COLUMNS },
      now: NOW,
    })
    if (!other.ok) throw new Error('not requested')
    await db.update(s.dataExports).set({ attempt: EXPORT_MAX_ATTEMPTS }).where(eq(s.dataExports.id, other.exportId))
    await db.insert(s.exportChunks).values({ exportId: other.exportId, seq: 0, content: Buffer.from('partiel') })
    await killedAt(other.exportId, EXPORT_STALE_SECONDS + 5)
    expect((await recoverStaleExports(db, NOW)).failed).toBeGreaterThanOrEqual(1)
    const [failed] = await db.select().from(s.dataExports).where(eq(s.dataExports.id, other.exportId))
    expect(failed).toMatchObject({ status: 'failed', finishedAt: NOW })
    expect(
      (await db.select({ n: count() }).from(s.exportChunks).where(eq(s.exportChunks.exportId, other.exportId)))[0]!.n,
    ).toBe(0)
    expect(await runExport(db, other.exportId, { now: at })).toBe('already')
  })
})
