import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createCandidate } from '@/lib/candidates/create-candidate'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { decryptNir } from '@/lib/crypto/nir-cipher'

const db = useTestDb()
/** createCandidate opens its own transaction: on a transaction handle that is a savepoint, rolled back with the test's. */
const asDb = (tx: Tx) => tx as unknown as Db
const ORG = demoIds.orgSeineMaritime
const REFERENT = 'demo-referent'

// NIR keys computed by hand (97 − body mod 97) for the tests, independently of lib/candidates/nir.ts.
const NIR_F_1990_05 = '2 90 05 76 123 456 42'
const NIR_M_1985_02_CORSICA = '1 85 02 2A 004 012 22'

async function placeId(tx: Tx, organisationId: string) {
  const [row] = await tx
    .select({ id: s.places.id })
    .from(s.places)
    .where(eq(s.places.organisationId, organisationId))
    .limit(1)
  return row!.id
}
async function statusId(tx: Tx, organisationId: string) {
  const [row] = await tx
    .select({ id: s.candidateStatuses.id })
    .from(s.candidateStatuses)
    .where(eq(s.candidateStatuses.organisationId, organisationId))
    .limit(1)
  return row!.id
}
async function counts(tx: Tx) {
  const [c] = await tx.select({ n: count() }).from(s.candidates)
  const [a] = await tx.select({ n: count() }).from(s.auditLog)
  return { candidates: c!.n, audits: a!.n }
}

/** A candidate that passes every rule of the demo organisation (whose 'Niveau de français' is required). */
const valid = () => ({
  firstName: 'Amélie',
  lastName: 'Poulain',
  gender: 'F',
  birthDate: '1990-05-14',
  phone: '06 12 34 56 78',
  email: 'Amelie.Poulain@Exemple.test',
  socialSecurityNumber: NIR_F_1990_05,
  cafNumber: '1234567',
  poleEmploiNumber: '1234567A',
  addressFormatted: '3 rue des Abbesses, 76000 Rouen',
  addressIsQpv: true,
  customFields: {
    frenchLevel: 'c1',
    children: '2',
    rsaStartDate: '01/03/2024',
    drivingLicence: 'oui',
    mobility: ['bus', 'bike'],
  },
})

describe('createCandidate', () => {
  it('creates the candidate with its audit row, and the row reads back as typed', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await counts(tx)
      const place = await placeId(tx, ORG)
      const status = await statusId(tx, ORG)
      const result = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: { ...valid(), placeId: place, statusId: status, referentId: REFERENT },
      })
      expect(result.ok).toBe(true)
      const id = (result as { id: string }).id
      const [row] = await tx.select().from(s.candidates).where(eq(s.candidates.id, id))
      expect(row).toMatchObject({
        organisationId: ORG,
        firstName: 'Amélie',
        lastName: 'Poulain',
        gender: 'F',
        birthDate: '1990-05-14',
        phone: '06 12 34 56 78',
        email: 'amelie.poulain@exemple.test',
        nirPrefix: '29005',
        cafNumber: '1234567',
        poleEmploiNumber: '1234567A',
        addressFormatted: '3 rue des Abbesses, 76000 Rouen',
        addressIsQpv: true,
        placeId: place,
        statusId: status,
        referentId: REFERENT,
        customFields: {
          frenchLevel: 'c1',
          children: 2,
          rsaStartDate: '2024-03-01',
          drivingLicence: true,
          mobility: ['bus', 'bike'],
        },
      })
      // Stored encrypted, normalised.
      expect(decryptNir(row!.nirEncrypted!)).toBe('290057612345642')
      const audits = await tx.select().from(s.auditLog).where(eq(s.auditLog.entityId, id))
      expect(audits).toHaveLength(1)
      expect(audits[0]).toMatchObject({
        action: 'candidate.create',
        entityType: 'candidate',
        actorId: REFERENT,
        organisationId: ORG,
        details: {},
      })
      expect(await counts(tx)).toEqual({ candidates: before.candidates + 1, audits: before.audits + 1 })
    })
  })

  it('accepts a Corsican NIR and optional fields left empty', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const result = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: {
          firstName: 'Ange',
          lastName: 'Santoni',
          gender: 'M',
          birthDate: '1985-02-01',
          socialSecurityNumber: NIR_M_1985_02_CORSICA,
          phone: '',
          email: '',
          customFields: { frenchLevel: 'a1' },
        },
      })
      expect(result.ok).toBe(true)
      const [row] = await tx
        .select()
        .from(s.candidates)
        .where(eq(s.candidates.id, (result as { id: string }).id))
      expect(row).toMatchObject({
        nirPrefix: '18502',
        phone: null,
        email: null,
        customFields: { frenchLevel: 'a1' },
      })
      expect(decryptNir(row!.nirEncrypted!)).toBe('185022A00401222')
    })
  })

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['an empty first name', { firstName: '  ' }, 'firstName', 'Le prénom est obligatoire'],
    ['a missing last name', { lastName: undefined }, 'lastName', 'Le nom est obligatoire'],
    [
      'a gender other than F or M',
      { gender: 'X', socialSecurityNumber: '' },
      'gender',
      'Le genre doit être «\u00a0F\u00a0» ou «\u00a0M\u00a0»',
    ],
    [
      'a birth date that is not a day',
      { birthDate: '31/02/1990', socialSecurityNumber: '' },
      'birthDate',
      'La date de naissance n’est pas valide',
    ],
    [
      'a birth date in the future',
      { birthDate: '2999-01-01', socialSecurityNumber: '' },
      'birthDate',
      'La date de naissance ne peut pas être dans le futur',
    ],
    ['an incomplete phone', { phone: '06 12 34' }, 'phone', "Le téléphone n'est pas complet"],
    ['a malformed email', { email: 'amelie@' }, 'email', "L'email n'est pas bien formaté"],
    [
      'a NIR of the wrong length',
      { socialSecurityNumber: '2 90 05 76 123' },
      'socialSecurityNumber',
      'Le numéro de sécurité sociale doit comporter 13 caractères suivis d’une clé de 2 chiffres.',
    ],
    [
      'a NIR with a wrong key',
      { socialSecurityNumber: '2 90 05 76 123 456 43' },
      'socialSecurityNumber',
      'La clé du numéro de sécurité sociale ne correspond pas aux 13 premiers caractères.',
    ],
    [
      'a NIR of the other gender',
      { gender: 'M' },
      'socialSecurityNumber',
      'Le numéro de sécurité sociale ne correspond pas au genre indiqué.',
    ],
    [
      'a NIR of another birth year',
      { birthDate: '1991-05-14' },
      'socialSecurityNumber',
      'Le numéro de sécurité sociale ne correspond pas à l’année de naissance.',
    ],
    [
      'a NIR of another birth month',
      { birthDate: '1990-06-14' },
      'socialSecurityNumber',
      'Le numéro de sécurité sociale ne correspond pas au mois de naissance.',
    ],
    ['a CAF number of 6 digits', { cafNumber: '123456' }, 'cafNumber', 'Le numéro CAF comporte 7 chiffres'],
    [
      'a France Travail id of 5 characters',
      { poleEmploiNumber: '12345' },
      'poleEmploiNumber',
      'L’identifiant France Travail comporte 7 chiffres suivis d’un chiffre ou d’une lettre (8 caractères, ou 11 avec le code de l’agence)',
    ],
    [
      'a missing required custom field',
      { customFields: { children: '1' } },
      'customFields.frenchLevel',
      'Le champ «\u00a0Niveau de français\u00a0» est obligatoire',
    ],
    [
      'a custom number that is not one',
      { customFields: { frenchLevel: 'b1', children: 'deux' } },
      'customFields.children',
      'Le champ «\u00a0Enfants à charge\u00a0» doit être un nombre',
    ],
    [
      'a custom date that is not a day',
      { customFields: { frenchLevel: 'b1', rsaStartDate: '2024-13-01' } },
      'customFields.rsaStartDate',
      'Le champ «\u00a0Entrée dans le RSA\u00a0» doit être une date valide',
    ],
    [
      'a custom list value outside its choices',
      { customFields: { frenchLevel: 'z9' } },
      'customFields.frenchLevel',
      'La valeur du champ «\u00a0Niveau de français\u00a0» ne fait pas partie de ses choix',
    ],
    [
      'a custom field the organisation does not have',
      { customFields: { frenchLevel: 'b1', shoeSize: '42' } },
      '_form',
      'Le formulaire contient un champ inconnu',
    ],
    [
      'a field the form does not have',
      { organisationId: demoIds.orgLyon },
      '_form',
      'Le formulaire contient un champ inconnu',
    ],
    [
      'a place id that is not a uuid',
      { placeId: 'Rouen' },
      'placeId',
      'Cette valeur n’existe pas dans les réglages de l’organisation',
    ],
  ]
  it.each(refusals)('refuses %s with its French message and writes nothing', async (_, patch, field, message) => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await counts(tx)
      const result = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: { ...valid(), ...patch },
        confirmDuplicates: true,
      })
      expect(result).toMatchObject({ ok: false })
      expect((result as { errors: Record<string, string> }).errors[field]).toBe(message)
      expect(await counts(tx)).toEqual(before)
    })
  })

  it('reports every wrong field at once, the NIR included, and writes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await counts(tx)
      const result = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: {
          ...valid(),
          firstName: '',
          phone: '06',
          socialSecurityNumber: '2 90 05 76 123 456 43',
          customFields: {},
        },
      })
      expect(result).toEqual({
        ok: false,
        errors: {
          firstName: 'Le prénom est obligatoire',
          phone: "Le téléphone n'est pas complet",
          socialSecurityNumber: 'La clé du numéro de sécurité sociale ne correspond pas aux 13 premiers caractères.',
          'customFields.frenchLevel': 'Le champ «\u00a0Niveau de français\u00a0» est obligatoire',
        },
      })
      expect(await counts(tx)).toEqual(before)
    })
  })

  it('answers every error in one pass, whatever breaks first: the birth date, a reference, a negative number', async () => {
    // A wrong phone used to stop the rules after it (the birth date in the future, the references, the NIR's key)
    // until the next submission: a person corrected one field, sent, and only then met the next one.
    await inRolledBackTransaction(db, async (tx) => {
      const before = await counts(tx)
      const result = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: {
          ...valid(),
          phone: '06 12 34',
          birthDate: '2999-01-01',
          socialSecurityNumber: '',
          placeId: await placeId(tx, demoIds.orgLyon),
          customFields: { children: '-3' },
        },
      })
      expect(result).toEqual({
        ok: false,
        errors: {
          phone: "Le téléphone n'est pas complet",
          birthDate: 'La date de naissance ne peut pas être dans le futur',
          placeId: 'Cette valeur n’existe pas dans les réglages de l’organisation',
          'customFields.frenchLevel': 'Le champ «\u00a0Niveau de français\u00a0» est obligatoire',
          'customFields.children': 'Le champ «\u00a0Enfants à charge\u00a0» ne peut pas être négatif',
        },
      })
      expect(await counts(tx)).toEqual(before)
    })
  })

  it('refuses a place, a status or a referent of another organisation, or a partner as referent, and writes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await counts(tx)
      const message = 'Cette valeur n’existe pas dans les réglages de l’organisation'
      const crafted = {
        placeId: await placeId(tx, demoIds.orgLyon),
        statusId: await statusId(tx, demoIds.orgLyon),
        referentId: 'demo-referent-lyon',
      }
      const result = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: { ...valid(), ...crafted },
      })
      expect(result).toEqual({ ok: false, errors: { placeId: message, statusId: message, referentId: message } })
      const partner = await createCandidate(asDb(tx), {
        organisationId: ORG,
        actorId: REFERENT,
        input: { ...valid(), referentId: 'demo-partenaire' },
      })
      expect(partner).toEqual({ ok: false, errors: { referentId: message } })
      expect(await counts(tx)).toEqual(before)
    })
  })
})
