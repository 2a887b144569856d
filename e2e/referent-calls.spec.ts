import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { onE2eDatabase, signIn, storageStateOf } from './fixtures'
import { baseURL } from '../playwright.config'

/** The app's own pages send their Origin (lib/http/same-origin.ts): these calls do as they do. */
const SAME_ORIGIN = { origin: baseURL }

/*
 * The referent side's route handlers, called as a crafted request would: without a session, with the wrong role,
 * or for another organisation's candidate. None answers with data, none writes.
 */
const ORG = '10000000-0000-4000-8000-000000000001'
const CSV = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures-files', 'candidats-latin1.csv'),
)
const search = {
  search: 'durand',
  placeIds: [],
  statusIds: [],
  referentIds: [],
  sort: 'name',
  direction: 'asc',
  page: 1,
}
const importForm = {
  file: { name: 'c.csv', mimeType: 'text/csv', buffer: CSV },
  mapping: '["lastName","firstName"]',
  mode: 'valid',
  includeDuplicates: 'false',
}

async function candidateIds(): Promise<string[]> {
  return (
    await onE2eDatabase<{ id: string }>('SELECT id FROM candidates WHERE organisation_id = $1 ORDER BY id LIMIT 2', [
      ORG,
    ])
  ).map((r) => r.id)
}
const auditCount = async () =>
  (
    await onE2eDatabase<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action IN ('candidate.export', 'candidate.import')",
    )
  )[0]!.n
const candidateCount = async () =>
  (await onE2eDatabase<{ n: number }>('SELECT count(*)::int AS n FROM candidates'))[0]!.n

test('without a session: search, export, import preview and commit 401; nothing written', async ({ browser }) => {
  const [audits, candidates] = [await auditCount(), await candidateCount()]
  const anonymous = await browser.newContext({ storageState: undefined })
  expect(
    (await anonymous.request.post('/api/candidates/search', { headers: SAME_ORIGIN, data: search })).status(),
  ).toBe(401)
  expect(
    (
      await anonymous.request.post('/api/candidates/export', {
        headers: SAME_ORIGIN,
        data: { ids: await candidateIds() },
      })
    ).status(),
  ).toBe(401)
  expect(
    (
      await anonymous.request.post('/api/candidate-imports/preview', { headers: SAME_ORIGIN, multipart: importForm })
    ).status(),
  ).toBe(401)
  expect(
    (
      await anonymous.request.post('/api/candidate-imports/commit', { headers: SAME_ORIGIN, multipart: importForm })
    ).status(),
  ).toBe(401)
  await anonymous.close()
  expect([await auditCount(), await candidateCount()]).toEqual([audits, candidates])
})

test('the wrong role: a partner neither searches nor exports; a counsellor does not export', async ({ browser }) => {
  const audits = await auditCount()
  const partner = await browser.newContext({ storageState: storageStateOf('partenaire') })
  const searched = await partner.request.post('/api/candidates/search', { headers: SAME_ORIGIN, data: search })
  expect(searched.status()).toBe(403)
  expect(await searched.json()).toEqual({ error: 'Vous n’avez pas accès à la liste des candidats.' })
  expect(
    (
      await partner.request.post('/api/candidates/export', {
        headers: SAME_ORIGIN,
        data: { ids: await candidateIds() },
      })
    ).status(),
  ).toBe(403)
  await partner.close()

  const counsellor = await browser.newContext({ storageState: storageStateOf('conseiller') })
  const exported = await counsellor.request.post('/api/candidates/export', {
    headers: SAME_ORIGIN,
    data: { ids: await candidateIds() },
  })
  expect(exported.status()).toBe(403)
  expect(await exported.text()).not.toContain('Durand')
  await counsellor.close()
  expect(await auditCount()).toBe(audits)
})

test('another organisation’s referent finds none of these candidates and exports none of them', async ({ browser }) => {
  const audits = await auditCount()
  const lyon = await browser.newContext({ storageState: undefined })
  const page = await lyon.newPage()
  await signIn(page, 'referent.lyon@passerelle.test')
  const searched = await page.request.post('/api/candidates/search', { headers: SAME_ORIGIN, data: search })
  expect(searched.status()).toBe(200)
  const found = ((await searched.json()) as { rows: { id: string }[] }).rows.map((r) => r.id)
  const ours = await onE2eDatabase<{ id: string }>(
    'SELECT id FROM candidates WHERE organisation_id = $1 AND id = ANY($2::uuid[])',
    [ORG, found],
  )
  expect(ours).toEqual([])
  const exported = await page.request.post('/api/candidates/export', {
    headers: SAME_ORIGIN,
    data: { ids: await candidateIds() },
  })
  expect(exported.status()).toBe(404)
  expect(await exported.text()).not.toContain('Durand')
  await lyon.close()
  expect(await auditCount()).toBe(audits)
})
