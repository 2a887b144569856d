import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { candidateHistory } from '@/lib/candidates/history'
import { updateCandidate } from '@/lib/candidates/update-candidate'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { nirColumns } from '@/lib/candidates/nir-columns'
import { decryptNir } from '@/lib/crypto/nir-cipher'

const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const ORG = demoIds.orgSeineMaritime
const REFERENT = 'demo-referent'
/** The NIR key, written out here from its definition (97 − the 13 digits mod 97, 2B read as 18), apart from lib/candidates/nir.ts. */
const keyOf = (digits13: string) => String(97 - Number(BigInt(digits13) % 97n)).padStart(2, '0')
const ELODIE_NIR = `2880476123789${keyOf('2880476123789')}`
const CORSICAN_NIR = `2 88 04 2B 123 789 ${keyOf('2880418123789')}`

async function elodie(tx: Tx) {
  const [row] = await tx
    .select()
    .from(s.candidates)
    .where(and(eq(s.candidates.firstName, 'Élodie'), eq(s.candidates.lastName, 'Durand')))
  return row!
}
/** The edit form as it arrives: the stored values, the NIR left empty. */
function formOf(row: typeof s.candidates.$inferSelect) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    birthDate: row.birthDate,
    phone: row.phone,
    email: row.email,
    socialSecurityNumber: '',
    cafNumber: row.cafNumber,
    poleEmploiNumber: row.poleEmploiNumber,
    addressFormatted: row.addressFormatted,
    addressIsQpv: row.addressIsQpv,
    placeId: row.placeId,
    statusId: row.statusId,
    referentId: row.referentId,
    customFields: row.customFields,
  }
}
/** The audit rows the test's own transaction wrote about the candidate (rows of earlier test files are older). */
async function auditsOf(tx: Tx, id: string) {
  return tx
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.entityType, 'candidate'), eq(s.auditLog.entityId, id), sql`${s.auditLog.at} >= now()`))
}

describe('updateCandidate', () => {
  it('saves the changes with one audit row naming the changed fields, never their values', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await elodie(tx)
      const result = await updateCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        candidateId: before.id,
        input: {
          ...formOf(before),
          phone: '07 11 22 33 44',
          email: 'elodie.nouvelle@exemple.test',
          customFields: { ...before.customFields, children: '3' },
        },
      })
      expect(result).toEqual({ ok: true, changed: ['phone', 'email', 'customFields.children'] })
      const after = await elodie(tx)
      expect(after).toMatchObject({
        phone: '07 11 22 33 44',
        email: 'elodie.nouvelle@exemple.test',
        customFields: { drivingLicence: false, frenchLevel: 'b1', children: 3 },
        firstName: 'Élodie',
      })
      expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime())
      const audits = await auditsOf(tx, before.id)
      expect(audits).toHaveLength(1)
      expect(audits[0]).toMatchObject({
        action: 'candidate.update',
        actorId: REFERENT,
        organisationId: ORG,
        details: { fields: ['phone', 'email', 'customFields.children'] },
      })
      const details = JSON.stringify(audits[0]!.details)
      expect(details).not.toContain('07 11')
      expect(details).not.toContain('nouvelle')

      // The entries of this transaction (another file may have left older ones on the demo candidate).
      const [{ started }] = (await tx.execute<{ started: Date }>(sql`select now() as started`)).rows as [
        { started: Date },
      ]
      const history = (await candidateHistory(tx, ORG, before.id)).filter(
        (h) => new Date(h.at).getTime() >= new Date(started).getTime(),
      )
      expect(history.map((h) => [h.action, h.actorName, h.fields])).toEqual([
        ['candidate.update', 'Romain Leroy', ['phone', 'email', 'customFields.children']],
      ])
      // Another organisation sees no history of this candidate.
      expect(await candidateHistory(tx, demoIds.orgLyon, before.id)).toEqual([])
    })
  })

  it('writes nothing when nothing changed', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await elodie(tx)
      expect(
        await updateCandidate(asDb(tx), {
          organisationId: ORG,
          actorId: REFERENT,
          candidateId: before.id,
          input: formOf(before),
        }),
      ).toEqual({ ok: true, changed: [] })
      expect(await auditsOf(tx, before.id)).toHaveLength(0)
    })
  })

  it('keeps the stored NIR when the field is left empty, checks it against a new gender, replaces it, and clears it on request', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const row = await elodie(tx)
      await tx.update(s.candidates).set(nirColumns(ELODIE_NIR)).where(eq(s.candidates.id, row.id))
      const base = { organisationId: ORG, actorId: REFERENT, candidateId: row.id }

      expect(await updateCandidate(asDb(tx), { ...base, input: { ...formOf(row), lastName: 'Durand-Petit' } })).toEqual(
        { ok: true, changed: ['lastName'] },
      )
      const [kept] = await tx.select().from(s.candidates).where(eq(s.candidates.id, row.id))
      expect(decryptNir(kept!.nirEncrypted!)).toBe(ELODIE_NIR)

      const mismatch = await updateCandidate(asDb(tx), { ...base, input: { ...formOf(kept!), gender: 'M' } })
      expect(mismatch).toEqual({
        ok: false,
        errors: { socialSecurityNumber: 'Le numéro de sécurité sociale ne correspond pas au genre indiqué.' },
      })

      const replaced = await updateCandidate(asDb(tx), {
        ...base,
        input: { ...formOf(kept!), socialSecurityNumber: CORSICAN_NIR },
      })
      expect(replaced).toEqual({ ok: true, changed: ['socialSecurityNumber'] })
      const [afterReplace] = await tx.select().from(s.candidates).where(eq(s.candidates.id, row.id))
      expect(decryptNir(afterReplace!.nirEncrypted!)).toBe(CORSICAN_NIR.replace(/ /g, ''))
      expect(afterReplace!.nirPrefix).toBe('28804')

      expect(await updateCandidate(asDb(tx), { ...base, input: formOf(afterReplace!), clearNir: true })).toEqual({
        ok: true,
        changed: ['socialSecurityNumber'],
      })
      const [cleared] = await tx.select().from(s.candidates).where(eq(s.candidates.id, row.id))
      expect(cleared).toMatchObject({ nirEncrypted: null, nirBlindIndex: null, nirPrefix: null })
      const audits = await auditsOf(tx, row.id)
      expect(audits.map((a) => a.details).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
        { fields: ['lastName'] },
        { fields: ['socialSecurityNumber'] },
        { fields: ['socialSecurityNumber'] },
      ])
      expect(JSON.stringify(audits)).not.toContain('28804')
    })
  })

  it('refuses an invalid edit with the French message and changes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await elodie(tx)
      const result = await updateCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        candidateId: before.id,
        input: { ...formOf(before), firstName: '', cafNumber: '12' },
      })
      expect(result).toEqual({
        ok: false,
        errors: { firstName: 'Le prénom est obligatoire', cafNumber: 'Le numéro CAF comporte 7 chiffres' },
      })
      expect(await elodie(tx)).toEqual(before)
      expect(await auditsOf(tx, before.id)).toHaveLength(0)
    })
  })

  it('treats another organisation’s candidate as not found and leaves it unchanged', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await elodie(tx)
      const [audits] = await tx.select({ n: count() }).from(s.auditLog)
      const result = await updateCandidate(asDb(tx), {
        organisationId: demoIds.orgLyon,
        actorId: 'demo-referent-lyon',
        candidateId: before.id,
        input: { ...formOf(before), firstName: 'Piratée', placeId: null, statusId: null, referentId: null },
      })
      expect(result).toEqual({ ok: false, notFound: true })
      expect(await elodie(tx)).toEqual(before)
      expect((await tx.select({ n: count() }).from(s.auditLog))[0]).toEqual(audits)
    })
  })
})
