import { spawnSync } from 'node:child_process'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import {
  createFupModel,
  deleteFupModel,
  getFupModel,
  listFupModels,
  modelForOffer,
  updateFupModel,
} from '@/lib/fup-models/models'
import { prescribe } from '@/lib/prescriptions/referent-prescribes'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// FUP models: additional fields and sponsor logos per partner structure or offer.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-admin' }
const LYON = { organisationId: demoIds.orgLyon, actorId: 'demo-admin-lyon' }
const NOW = new Date('2026-11-22T10:00:00.000Z')
const pdfText = (pdf: Buffer) =>
  spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).stdout.toString('utf8').replace(/\s+/g, ' ')
const form = {
  rsaReferentName: 'Romain Leroy',
  email: 'referent@passerelle.test',
  phone: '06 01 02 03 04',
  structure: 'Département de Seine-Maritime',
  address: 'Quai Jean Moulin, 76100 Rouen',
  goal: 'Obtenir le permis B.',
  validatePrescription: true,
  approveDemand: true,
  prescriptionDate: '2026-11-20',
}
const content = {
  name: 'Fiche permis',
  additionalFields: [
    { label: 'Code de la route obtenu', type: 'bool', required: true },
    { label: 'Heures de conduite déjà suivies', type: 'number', required: false },
    {
      label: 'Aides demandées',
      type: 'listMultiple',
      required: false,
      options: ['Aide du Département', 'Aide de la Région', ''],
    },
  ],
  sponsorsLogo: [
    { label: 'Région Normandie', value: 'region-normandie', uri: '/logos/region-normandie.svg', required: true },
  ],
}
async function candidate(tx: Tx, firstName: string) {
  const [row] = await tx.select({ id: s.candidates.id }).from(s.candidates).where(eq(s.candidates.firstName, firstName))
  return row!.id
}
async function permisModel(tx: Tx) {
  const created = await createFupModel(asDb(tx), SM, {
    name: 'Fiche permis',
    structureId: demoIds.structureMobilite,
    offerId: demoIds.offerPermis,
  })
  if (!created.ok) throw new Error(created.error)
  expect(await updateFupModel(asDb(tx), SM, created.id, content)).toEqual({ ok: true, id: created.id })
  return created.id
}

describe('FUP models', () => {
  it('a model of two additional fields is asked when prescribing, stored in the FUP, printed on its PDF, and its logos offered', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await permisModel(tx)
      const model = await getFupModel(tx, SM.organisationId, id)
      expect(model!.additionalFields.map((f) => [f.key, f.type, f.required])).toEqual([
        ['code-de-la-route-obtenu', 'bool', true],
        ['heures-de-conduite-deja-suivies', 'number', false],
        ['aides-demandees', 'listMultiple', false],
      ])
      expect(model!.additionalFields[2]!.options).toEqual([
        { value: 'aide-du-departement', label: 'Aide du Département' },
        { value: 'aide-de-la-region', label: 'Aide de la Région' },
      ])
      expect((await modelForOffer(tx, SM.organisationId, demoIds.offerPermis))?.id).toBe(id)
      // The structure's other offers have no model (Mobilité Solidaire has none of its own).
      expect(await modelForOffer(tx, SM.organisationId, demoIds.offerScooter)).toBeNull()

      const candidateId = await candidate(tx, 'Lucas')
      const missing = await prescribe(asDb(tx), {
        organisationId: SM.organisationId,
        authorId: 'demo-referent',
        input: { candidateId, offerId: demoIds.offerPermis, prescription: form },
        now: NOW,
      })
      expect(missing).toEqual({
        ok: false,
        error: 'Corrigez les champs signalés.',
        fieldErrors: {
          'modelAnswers.code-de-la-route-obtenu': 'Le champ «\u00a0Code de la route obtenu\u00a0» est obligatoire',
        },
      })
      const badNumber = await prescribe(asDb(tx), {
        organisationId: SM.organisationId,
        authorId: 'demo-referent',
        input: {
          candidateId,
          offerId: demoIds.offerPermis,
          prescription: form,
          modelAnswers: { 'code-de-la-route-obtenu': 'oui', 'heures-de-conduite-deja-suivies': 'beaucoup' },
        },
        now: NOW,
      })
      expect(badNumber).toMatchObject({
        ok: false,
        fieldErrors: {
          'modelAnswers.heures-de-conduite-deja-suivies': expect.stringContaining('Heures de conduite déjà suivies'),
        },
      })
      expect(
        await tx
          .select()
          .from(s.socialApplies)
          .where(
            and(eq(s.socialApplies.candidateId, candidateId), eq(s.socialApplies.socialOfferId, demoIds.offerPermis)),
          ),
      ).toEqual([])

      const done = await prescribe(asDb(tx), {
        organisationId: SM.organisationId,
        authorId: 'demo-referent',
        input: {
          candidateId,
          offerId: demoIds.offerPermis,
          prescription: form,
          modelAnswers: {
            'code-de-la-route-obtenu': 'oui',
            'heures-de-conduite-deja-suivies': '12',
            'aides-demandees': ['aide-de-la-region'],
          },
        },
        now: NOW,
      })
      if (!done.ok) throw new Error(JSON.stringify(done))
      const [fup] = await tx.select().from(s.fups).where(eq(s.fups.socialApplyId, done.applyId))
      expect(fup!.beneficiary.additionalFields.filter((f) => f.fromModel).map((f) => [f.label, f.value])).toEqual([
        ['Code de la route obtenu', true],
        ['Heures de conduite déjà suivies', 12],
        ['Aides demandées', ['aide-de-la-region']],
      ])
      // The FSE logo (the offer is FSE-funded) and the model's.
      expect(fup!.sponsorsLogo.map((l) => l.value)).toEqual(['fse', 'region-normandie'])
      const [apply] = await tx
        .select({ documentId: s.socialApplies.prescriptionDocumentId })
        .from(s.socialApplies)
        .where(eq(s.socialApplies.id, done.applyId))
      const [doc] = await tx.select().from(s.documents).where(eq(s.documents.id, apply!.documentId!))
      const text = pdfText(doc!.content)
      expect(text).toContain('Code de la route obtenu : Oui')
      expect(text).toContain('Heures de conduite déjà suivies : 12')
      expect(text).toContain('Aides demandées : Aide de la Région')
      expect(text).toContain('Région Normandie')
    })
  })

  it('one model per structure and per offer; the structure must be one the organisation works with', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await permisModel(tx)
      expect(
        await createFupModel(asDb(tx), SM, {
          name: 'Doublon',
          structureId: demoIds.structureMobilite,
          offerId: demoIds.offerPermis,
        }),
      ).toEqual({
        ok: false,
        error: 'Un modèle existe déjà pour cette structure ou cette offre\u00a0: modifiez-le.',
      })
      // Habitat Relais is Seine-Maritime's own structure: Lyon does not work with it.
      expect(
        await createFupModel(asDb(tx), LYON, { name: 'Fiche', structureId: demoIds.structureHabitat }),
      ).toMatchObject({ ok: false, fieldErrors: { structureId: 'Choisissez la structure partenaire.' } })
      expect(
        await createFupModel(asDb(tx), SM, {
          name: 'Fiche',
          structureId: demoIds.structureHabitat,
          offerId: demoIds.offerPermis,
        }),
      ).toMatchObject({
        ok: false,
        fieldErrors: { offerId: 'Cette offre n’est pas une offre de la structure choisie.' },
      })
      expect(await createFupModel(asDb(tx), SM, { name: ' ', structureId: 'x' })).toMatchObject({
        ok: false,
        fieldErrors: { name: 'Le nom du modèle est obligatoire.', structureId: 'Choisissez la structure partenaire.' },
      })
    })
  })

  it.each([
    [
      'a field without label',
      { additionalFields: [{ label: '', type: 'text' }] },
      'additionalFields.0.label',
      'Le libellé du champ est obligatoire.',
    ],
    [
      'a list without choices',
      { additionalFields: [{ label: 'Choix', type: 'list', options: [' '] }] },
      'additionalFields.0.options',
      'Une liste a au moins un choix\u00a0: écrivez-en un par ligne.',
    ],
    [
      'two fields with one label',
      {
        additionalFields: [
          { label: 'Revenus', type: 'text' },
          { label: 'revenus', type: 'number' },
        ],
      },
      'additionalFields.1.label',
      'Deux champs portent le même libellé.',
    ],
    [
      'an unknown type',
      { additionalFields: [{ label: 'Photo', type: 'file' }] },
      'additionalFields.0.type',
      'Choisissez le type du champ.',
    ],
    [
      'a logo without its address',
      { sponsorsLogo: [{ label: 'Région', value: 'region', uri: '', required: false }] },
      'sponsorsLogo.0.uri',
      'Chaque logo de financeur doit avoir un libellé, une valeur, une adresse et l’indication obligatoire ou non',
    ],
    [
      'a logo without the required flag',
      { sponsorsLogo: [{ label: 'Région', value: 'region', uri: '/r.svg' }] },
      'sponsorsLogo.0.required',
      'Chaque logo de financeur doit avoir un libellé, une valeur, une adresse et l’indication obligatoire ou non',
    ],
    [
      'a logo at a script address',
      { sponsorsLogo: [{ label: 'Région', value: 'region', uri: 'javascript:alert(1)', required: false }] },
      'sponsorsLogo.0.uri',
      'L’adresse du logo commence par https:// ou par /.',
    ],
  ])('refuses %s with its French message and changes nothing', async (_name, patch, path, message) => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await permisModel(tx)
      const before = await getFupModel(tx, SM.organisationId, id)
      const result = await updateFupModel(asDb(tx), SM, id, { ...content, ...patch })
      expect(result).toMatchObject({ ok: false, error: 'Vérifiez les champs signalés.' })
      expect(!result.ok && result.fieldErrors?.[path]).toBe(message)
      expect(await getFupModel(tx, SM.organisationId, id)).toEqual(before)
    })
  })

  it('keeps a saved field’s key when it is renamed, and another organisation’s model is not found', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await permisModel(tx)
      const model = (await getFupModel(tx, SM.organisationId, id))!
      const renamed = {
        ...content,
        additionalFields: [{ ...model.additionalFields[0]!, label: 'Code obtenu', options: [] }],
      }
      expect(await updateFupModel(asDb(tx), SM, id, renamed)).toEqual({ ok: true, id })
      expect((await getFupModel(tx, SM.organisationId, id))!.additionalFields.map((f) => [f.key, f.label])).toEqual([
        ['code-de-la-route-obtenu', 'Code obtenu'],
      ])

      const notFound = { ok: false, error: 'Ce modèle est introuvable.' }
      expect(await getFupModel(tx, LYON.organisationId, id)).toBeNull()
      expect(await updateFupModel(asDb(tx), LYON, id, content)).toEqual(notFound)
      expect(await deleteFupModel(asDb(tx), LYON, id)).toEqual(notFound)
      expect(await updateFupModel(asDb(tx), SM, 'not-a-uuid', content)).toEqual(notFound)
      expect((await listFupModels(tx, LYON.organisationId)).map((m) => m.id)).not.toContain(id)
      expect(await deleteFupModel(asDb(tx), SM, id)).toEqual({ ok: true, id })
      expect(await modelForOffer(tx, SM.organisationId, demoIds.offerPermis)).toBeNull()
    })
  })
})
