import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createCandidate } from '@/lib/candidates/create-candidate'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { updateCandidate } from '@/lib/candidates/update-candidate'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import {
  archiveCustomField,
  createCustomField,
  customFieldsOverview,
  moveCustomField,
  updateCustomField,
} from '@/lib/settings/custom-fields'
import { useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The organisation's custom fields, managed from /v2/settings/custom-fields.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)

async function newOrganisation() {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Champs ${randomUUID().slice(0, 8)}` })
    .returning()
  const organisationId = throwaway(organisation!.id)
  const actorId = `admin-${randomUUID()}`
  await db.insert(s.users).values({
    id: actorId,
    name: 'Rose Lemaire',
    firstName: 'Rose',
    lastName: 'Lemaire',
    email: `${actorId}@exemple.test`,
    role: 'admin',
    organisationId,
  })
  return { organisationId, actorId }
}
const person = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Léa',
  lastName: `Martin-${randomUUID().slice(0, 6)}`,
  gender: 'F',
  birthDate: '1991-02-03',
  ...extra,
})
const writes = async (organisationId: string) => {
  const [fields] = await db
    .select({ n: count() })
    .from(s.customFieldDefinitions)
    .where(eq(s.customFieldDefinitions.organisationId, organisationId))
  const [audits] = await db.select({ n: count() }).from(s.auditLog).where(eq(s.auditLog.organisationId, organisationId))
  return { fields: fields!.n, audits: audits!.n }
}

describe('custom fields', () => {
  it('a required list field added by an administrator is required when a candidate is created', async () => {
    const actor = await newOrganisation()
    const created = await createCustomField(db, actor, {
      label: 'Niveau d’études',
      type: 'list',
      required: true,
      options: 'Aucun diplôme\nCAP / BEP\nBaccalauréat\n',
    })
    expect(created.ok).toBe(true)
    const [row] = await db
      .select()
      .from(s.customFieldDefinitions)
      .where(eq(s.customFieldDefinitions.organisationId, actor.organisationId))
    expect(row).toMatchObject({
      key: 'niveau-d-etudes',
      label: 'Niveau d’études',
      type: 'list',
      required: true,
      position: 1,
    })
    expect(row!.options).toEqual([
      { value: 'aucun-diplome', label: 'Aucun diplôme' },
      { value: 'cap-bep', label: 'CAP / BEP' },
      { value: 'baccalaureat', label: 'Baccalauréat' },
    ])
    const missing = await createCandidate(db, {
      organisationId: actor.organisationId,
      actorId: actor.actorId,
      input: person(),
    })
    expect(missing).toEqual({
      ok: false,
      errors: expect.objectContaining({
        'customFields.niveau-d-etudes': 'Le champ «\u00a0Niveau d’études\u00a0» est obligatoire',
      }),
    })
    const ok = await createCandidate(db, {
      organisationId: actor.organisationId,
      actorId: actor.actorId,
      input: person({ customFields: { 'niveau-d-etudes': 'cap-bep' } }),
    })
    expect(ok.ok).toBe(true)
    const audit = await db
      .select({ details: s.auditLog.details })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.organisationId, actor.organisationId), eq(s.auditLog.action, 'customField.created')))
    expect(audit).toEqual([{ details: { key: 'niveau-d-etudes', type: 'list', required: true } }])
  })

  it('refuses bad input with French messages and writes nothing', async () => {
    const actor = await newOrganisation()
    const before = await writes(actor.organisationId)
    expect(await createCustomField(db, actor, { label: '  ', type: 'text', required: false })).toEqual({
      ok: false,
      fieldErrors: { label: 'Le libellé est obligatoire.' },
    })
    expect(await createCustomField(db, actor, { label: 'Couleur', type: 'colour', required: false })).toEqual({
      ok: false,
      fieldErrors: {
        type: 'Choisissez un type\u00a0: texte, nombre, oui / non, date, liste ou liste à choix multiples.',
      },
    })
    expect(
      await createCustomField(db, actor, {
        label: 'Transport',
        type: 'listMultiple',
        required: false,
        options: '\n \n',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { options: 'Une liste a au moins un choix\u00a0: écrivez-en un par ligne.' },
    })
    expect(
      await createCustomField(db, actor, { label: 'Transport', type: 'list', required: false, options: 'Bus\nbus' }),
    ).toEqual({ ok: false, fieldErrors: { options: 'Deux choix de la liste sont identiques.' } })
    expect(await createCustomField(db, actor, { label: 'x'.repeat(101), type: 'text', required: false })).toEqual({
      ok: false,
      fieldErrors: { label: 'Le libellé ne doit pas dépasser 100 caractères.' },
    })
    expect(await createCustomField(db, actor, 'not an object')).toMatchObject({ ok: false })
    expect(await writes(actor.organisationId)).toEqual(before)
  })

  it('edits the label, flag and choices but never the key or type, and keeps a choice some candidate holds', async () => {
    const actor = await newOrganisation()
    const { id } = (await createCustomField(db, actor, {
      label: 'Transport',
      type: 'list',
      required: false,
      options: 'Bus\nVélo',
    })) as { id: string }
    await createCandidate(db, {
      organisationId: actor.organisationId,
      actorId: actor.actorId,
      input: person({ customFields: { transport: 'velo' } }),
    })
    expect(
      await updateCustomField(db, actor, id, {
        label: 'Moyen de transport',
        type: 'number',
        required: true,
        options: 'Bus',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        options: 'Un choix déjà utilisé ne peut pas être retiré\u00a0: archivez le champ et créez-en un autre.',
      },
    })
    expect(
      await updateCustomField(db, actor, id, {
        label: 'Moyen de transport',
        type: 'number',
        required: true,
        options: 'Bus\nVélo\nVoiture',
      }),
    ).toEqual({ ok: true, id })
    const [row] = await db.select().from(s.customFieldDefinitions).where(eq(s.customFieldDefinitions.id, id))
    expect(row).toMatchObject({ key: 'transport', type: 'list', label: 'Moyen de transport', required: true })
    expect(row!.options.map((o) => o.value)).toEqual(['bus', 'velo', 'voiture'])
  })

  it('reorders the fields one step at a time', async () => {
    const actor = await newOrganisation()
    for (const label of ['Premier', 'Deuxième', 'Troisième'])
      await createCustomField(db, actor, { label, type: 'text', required: false })
    const labels = async () => (await customFieldsOverview(db, actor.organisationId)).active.map((f) => f.label)
    const third = (await customFieldsOverview(db, actor.organisationId)).active[2]!.id
    await moveCustomField(db, actor, third, 'up')
    expect(await labels()).toEqual(['Premier', 'Troisième', 'Deuxième'])
    await moveCustomField(db, actor, third, 'up')
    await moveCustomField(db, actor, third, 'up') // already first: nothing moves
    expect(await labels()).toEqual(['Troisième', 'Premier', 'Deuxième'])
    expect((await candidateSettings(db, actor.organisationId)).customFields.map((f) => f.label)).toEqual([
      'Troisième',
      'Premier',
      'Deuxième',
    ])
  })

  it('archiving a field that holds values asks for a confirmation, then keeps the values out of the forms', async () => {
    const actor = await newOrganisation()
    const { id } = (await createCustomField(db, actor, { label: 'Permis', type: 'bool', required: true })) as {
      id: string
    }
    const created = (await createCandidate(db, {
      organisationId: actor.organisationId,
      actorId: actor.actorId,
      input: person({ customFields: { permis: 'oui' } }),
    })) as { id: string }
    expect(await archiveCustomField(db, actor, id, false)).toEqual({
      ok: false,
      error: 'Des candidats ont une valeur pour ce champ\u00a0: confirmez l’archivage.',
      withValues: 1,
    })
    expect((await candidateSettings(db, actor.organisationId)).customFields.map((f) => f.key)).toEqual(['permis'])
    expect(await archiveCustomField(db, actor, id, true)).toEqual({ ok: true, id })
    const settings = await candidateSettings(db, actor.organisationId)
    expect(settings.customFields).toEqual([])
    expect(settings.archivedCustomFields.map((f) => f.key)).toEqual(['permis'])
    // Required no more; an edit of the candidate keeps the archived value.
    const updated = await updateCandidate(db, {
      organisationId: actor.organisationId,
      actorId: actor.actorId,
      candidateId: created.id,
      input: person({ firstName: 'Léna', lastName: 'Martin' }),
    })
    expect(updated.ok).toBe(true)
    const [candidate] = await db
      .select({ customFields: s.candidates.customFields, firstName: s.candidates.firstName })
      .from(s.candidates)
      .where(eq(s.candidates.id, created.id))
    expect(candidate).toEqual({ firstName: 'Léna', customFields: { permis: true } })
    const overview = await customFieldsOverview(db, actor.organisationId)
    expect(overview.archived.map((f) => [f.label, f.withValues])).toEqual([['Permis', 1]])
    // An archived field cannot be edited or archived again.
    expect(await updateCustomField(db, actor, id, { label: 'Permis B', required: false })).toEqual({
      ok: false,
      error: 'Ce champ est introuvable.',
    })
  })

  it('another organisation’s field is not found', async () => {
    const actor = await newOrganisation()
    const [other] = await db
      .select({ id: s.customFieldDefinitions.id })
      .from(s.customFieldDefinitions)
      .where(eq(s.customFieldDefinitions.organisationId, demoIds.orgSeineMaritime))
      .limit(1)
    const before = await db.select().from(s.customFieldDefinitions).where(eq(s.customFieldDefinitions.id, other!.id))
    const notFound = { ok: false, error: 'Ce champ est introuvable.' }
    expect(await updateCustomField(db, actor, other!.id, { label: 'Piraté', required: false, options: 'a' })).toEqual(
      notFound,
    )
    expect(await moveCustomField(db, actor, other!.id, 'down')).toEqual(notFound)
    expect(await archiveCustomField(db, actor, other!.id, true)).toEqual(notFound)
    expect(await db.select().from(s.customFieldDefinitions).where(eq(s.customFieldDefinitions.id, other!.id))).toEqual(
      before,
    )
  })
})
