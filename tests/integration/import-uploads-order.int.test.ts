import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { analyseOfferUpload } from '@/lib/offers/import-upload'
import { analyseStructureUpload } from '@/lib/partners/structure-import-upload'
import { useTestDb } from './db'

const db = useTestDb()
const BOUNDARY = '----passerelle-test'

/**
 * A multipart upload of about 10 MB, made only as the server pulls it: `state.pulled` says whether the server began to
 * read it. The file is a small CSV of offers, padded by a text field.
 */
function upload(path: string) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="padding"\r\n\r\n`
  const tail = `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="offres.csv"\r\nContent-Type: text/csv\r\n\r\nnom;description\r\nAtelier CV;Un atelier\r\n--${BOUNDARY}--\r\n`
  const chunks = [head, ...Array.from({ length: 150 }, () => 'x'.repeat(64 * 1024)), tail].map((c) =>
    new TextEncoder().encode(c),
  )
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks[state.pulled]
        if (!next) return controller.close()
        state.pulled++
        controller.enqueue(next)
      },
      // Nothing is made before a reader asks.
    },
    { highWaterMark: 0 },
  )
  const request = new Request(`http://localhost:3999${path}`, {
    method: 'POST',
    body: stream,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      origin: 'http://localhost:3999',
      'sec-fetch-site': 'same-origin',
    },
    duplex: 'half',
  } as RequestInit)
  return { request, state }
}

async function userOf(id: string) {
  const [u] = await db.select().from(s.users).where(eq(s.users.id, id))
  return {
    id: u!.id,
    role: u!.role ?? '',
    permissions: u!.permissions ?? null,
    rolePermissions: null,
    organisationId: u!.organisationId ?? null,
    structureId: u!.structureId ?? null,
    onboarded: true,
  }
}

describe('an import checks who sends it before it reads the upload', () => {
  it('offers: no session, a partner of another structure, an organisation that does not work with it, a referent — 403, not a byte read', async () => {
    const query = `/api/offer-imports/preview?structureId=${demoIds.structureMobilite}`
    const lyonAdmin = { ...(await userOf('demo-referent-lyon')), role: 'admin' }
    for (const user of [null, await userOf('demo-partenaire-habitat'), lyonAdmin, await userOf('demo-referent')]) {
      const { request, state } = upload(query)
      const checked = await analyseOfferUpload(db, request, user)
      expect(checked.ok).toBe(false)
      if (!checked.ok) expect(checked.response.status).toBe(403)
      expect(state.pulled).toBe(0)
    }
    // No structure named, or not an id: refused as well, unread.
    for (const path of ['/api/offer-imports/preview', '/api/offer-imports/preview?structureId=abc']) {
      const { request, state } = upload(path)
      const checked = await analyseOfferUpload(db, request, await userOf('demo-partenaire'))
      expect(checked.ok).toBe(false)
      expect(state.pulled).toBe(0)
    }
  })

  it('offers: the structure’s own partner gets the file read and analysed', async () => {
    const { request, state } = upload(`/api/offer-imports/preview?structureId=${demoIds.structureMobilite}`)
    const checked = await analyseOfferUpload(db, request, await userOf('demo-partenaire'))
    expect(state.pulled).toBeGreaterThan(100)
    expect(checked).toMatchObject({ ok: true, structureId: demoIds.structureMobilite, analysis: { valid: 1 } })
  })

  it('structures: no session, a referent, a partner, a services file without the offers right — 403, not a byte read', async () => {
    const cases: [Awaited<ReturnType<typeof userOf>> | null, string][] = [
      [null, 'structures'],
      [await userOf('demo-referent'), 'structures'],
      [await userOf('demo-partenaire'), 'structures'],
      [{ ...(await userOf('demo-admin')), onboarded: false }, 'structures'],
      [{ ...(await userOf('demo-admin')), permissions: ['partners.structure.modify'] }, 'services'],
    ]
    for (const [user, kind] of cases) {
      const { request, state } = upload(`/api/structure-imports/preview?kind=${kind}`)
      const checked = await analyseStructureUpload(db, request, user)
      expect(checked.ok).toBe(false)
      if (!checked.ok) expect(checked.response.status).toBe(403)
      expect(state.pulled).toBe(0)
    }
  })

  it('structures: an administrator’s upload is read (here refused for its format, after reading)', async () => {
    const { request, state } = upload('/api/structure-imports/preview?kind=structures')
    const checked = await analyseStructureUpload(db, request, await userOf('demo-admin'))
    expect(state.pulled).toBeGreaterThan(100)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.response.status).toBe(400)
  })
})
