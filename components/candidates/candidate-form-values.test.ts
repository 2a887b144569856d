import { describe, expect, it } from 'vitest'
import { validateCandidate, type CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { candidateInputOf, customFieldsByNeed, emptyFormValues, formValuesOf, savedOf } from './candidate-form-values'
import { customFieldText } from './sheet-situation'

const TODAY = '2026-11-27'

const defs: CustomFieldDefinition[] = [
  { key: 'licence', label: 'Permis B', type: 'bool', options: [], required: false },
  {
    key: 'mobility',
    label: 'Moyens',
    type: 'listMultiple',
    options: [
      { value: 'bus', label: 'Bus' },
      { value: 'bike', label: 'Vélo' },
    ],
    required: false,
  },
  {
    key: 'level',
    label: 'Niveau',
    type: 'list',
    options: [{ value: 'b1', label: 'B1 - Intermédiaire' }],
    required: true,
  },
  { key: 'children', label: 'Enfants', type: 'number', options: [], required: false },
  { key: 'since', label: 'Depuis', type: 'date', options: [], required: false },
  { key: 'note', label: 'Note', type: 'text', options: [], required: false },
]
const stored = {
  firstName: 'Karim',
  lastName: 'Benali',
  gender: 'M' as const,
  birthDate: '1979-11-03',
  phone: '06 12 34 56 71',
  email: null,
  addressFormatted: null,
  addressIsQpv: false,
  cafNumber: '1234567',
  poleEmploiNumber: null,
  placeId: null,
  statusId: null,
  referentId: 'demo-referent',
  customFields: {
    licence: false,
    mobility: ['bike'],
    level: 'b1',
    children: 2.5,
    since: '2024-03-01',
    note: 'à revoir',
    gone: 'x',
  },
}

describe('the edit form’s values', () => {
  it('give back the stored candidate once validated (the NIR left empty, an unknown custom key dropped)', () => {
    const form = formValuesOf(stored, defs)
    expect(form.socialSecurityNumber).toBe('')
    expect(form.customFields).toEqual({
      licence: 'non',
      mobility: ['bike'],
      level: 'b1',
      children: '2.5',
      since: '2024-03-01',
      note: 'à revoir',
    })
    const checked = validateCandidate(form, defs, TODAY)
    expect(checked).toMatchObject({
      ok: true,
      values: {
        firstName: 'Karim',
        gender: 'M',
        birthDate: '1979-11-03',
        email: null,
        socialSecurityNumber: null,
        customFields: {
          licence: false,
          mobility: ['bike'],
          level: 'b1',
          children: 2.5,
          since: '2024-03-01',
          note: 'à revoir',
        },
      },
    })
  })

  it('start empty for a creation, which the required custom field then refuses', () => {
    const checked = validateCandidate(
      { ...emptyFormValues('demo-referent'), firstName: 'A', lastName: 'B' },
      defs,
      TODAY,
    )
    expect(checked).toEqual({
      ok: false,
      errors: { 'customFields.level': 'Le champ «\u00a0Niveau\u00a0» est obligatoire' },
    })
  })
})

describe('the form’s sending', () => {
  it('puts the organisation’s required fields first, with the names', () => {
    const { required, optional } = customFieldsByNeed(defs)
    expect(required.map((d) => d.key)).toEqual(['level'])
    expect(optional).toHaveLength(defs.length - 1)
  })

  it('sends an empty NIR when the stored one is being removed, never the typed one', () => {
    const values = { ...emptyFormValues(), socialSecurityNumber: '2 88 04 76 123 789 82' }
    expect(candidateInputOf({ ...values, clearNir: true })).toEqual({ ...values, socialSecurityNumber: '' })
    expect(candidateInputOf({ ...values, clearNir: false })).toEqual(values)
  })

  it('reads look-alikes as a success asking for confirmation, and the rules’ errors as field errors', () => {
    const match = {
      candidateId: 'c1',
      firstName: 'Élodie',
      lastName: 'Durand',
      birthDate: null,
      reason: 'identity' as const,
    }
    expect(savedOf({ ok: false, duplicates: [match] })).toEqual({ ok: true, duplicates: [match] })
    expect(savedOf({ ok: false, errors: { phone: 'Incomplet', _form: 'Champ inconnu' } })).toEqual({
      ok: false,
      fieldErrors: { phone: 'Incomplet' },
      error: 'Champ inconnu',
    })
    expect(savedOf({ ok: true, id: 'c2' })).toEqual({ ok: true, id: 'c2' })
    expect(savedOf({ ok: false, error: 'Ce candidat est introuvable.' })).toEqual({
      ok: false,
      error: 'Ce candidat est introuvable.',
    })
  })
})

describe('customFieldText', () => {
  it('shows stored values as people read them', () => {
    expect(customFieldText(defs[0]!, false)).toBe('Non')
    expect(customFieldText(defs[1]!, ['bus', 'bike'])).toBe('Bus, Vélo')
    expect(customFieldText(defs[2]!, 'b1')).toBe('B1 - Intermédiaire')
    expect(customFieldText(defs[3]!, 1234.5)).toBe('1\u202f234,5')
    expect(customFieldText(defs[4]!, '2024-03-01')).toBe('01/03/2024')
    expect(customFieldText(defs[5]!, undefined)).toBeNull()
  })
})
