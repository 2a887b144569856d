import { describe, expect, it } from 'vitest'
import { CANDIDATE_MESSAGES, validateCandidate, type CustomFieldDefinition } from './candidate-schema'
import { NIR_MESSAGES } from './nir'

/** A fixed Paris date: a birth date after it is in the future. */
const TODAY = '2026-11-27'

const defs: CustomFieldDefinition[] = [
  { key: 'permis', label: 'Permis B', type: 'bool', options: [], required: true },
  { key: 'enfants', label: 'Nombre d’enfants', type: 'number', options: [], required: false },
  {
    key: 'langues',
    label: 'Langues',
    type: 'listMultiple',
    options: [
      { value: 'fr', label: 'Français' },
      { value: 'ar', label: 'Arabe' },
    ],
    required: false,
  },
  { key: 'entree', label: 'Date d’entrée', type: 'date', options: [], required: false },
]

const valid = {
  firstName: ' Élodie ',
  lastName: 'Durand',
  gender: 'F',
  birthDate: '14/08/1955',
  phone: '06 12 34 56 78',
  email: 'Elodie.Durand@Example.fr',
  socialSecurityNumber: '2 55 08 14 168 025 38',
  cafNumber: '1234567',
  poleEmploiNumber: '1234567a',
  customFields: { permis: 'oui', enfants: '2', langues: 'Français;arabe', entree: '2024-02-29' },
}

describe('validateCandidate', () => {
  it('normalises a valid candidate', () => {
    const result = validateCandidate(valid, defs, TODAY)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.values).toMatchObject({
      firstName: 'Élodie',
      birthDate: '1955-08-14',
      email: 'elodie.durand@example.fr',
      socialSecurityNumber: '255081416802538',
      poleEmploiNumber: '1234567A',
      customFields: { permis: true, enfants: 2, langues: ['fr', 'ar'], entree: '2024-02-29' },
    })
  })

  it('gives one French message per broken field', () => {
    const result = validateCandidate(
      {
        ...valid,
        firstName: '',
        phone: '06 12',
        email: 'elodie@',
        cafNumber: '12',
        poleEmploiNumber: 'abc',
        birthDate: '31/02/1990',
        customFields: { permis: '', enfants: 'deux', langues: 'Breton' },
      },
      defs,
      TODAY,
    )
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: CANDIDATE_MESSAGES.firstNameRequired,
        phone: "Le téléphone n'est pas complet",
        email: "L'email n'est pas bien formaté",
        cafNumber: CANDIDATE_MESSAGES.cafNumber,
        poleEmploiNumber: CANDIDATE_MESSAGES.poleEmploiNumber,
        birthDate: CANDIDATE_MESSAGES.birthDateInvalid,
        'customFields.permis': 'Le champ «\u00a0Permis B\u00a0» est obligatoire',
        'customFields.enfants': 'Le champ «\u00a0Nombre d’enfants\u00a0» doit être un nombre',
        'customFields.langues': 'La valeur du champ «\u00a0Langues\u00a0» ne fait pas partie de ses choix',
      },
    })
  })

  it('checks the NIR against the gender and the birth date', () => {
    const man = validateCandidate({ ...valid, gender: 'M' }, defs, TODAY)
    expect(man.ok === false && man.errors.socialSecurityNumber).toBe(NIR_MESSAGES.gender)
    const wrongMonth = validateCandidate({ ...valid, birthDate: '1955-09-14' }, defs, TODAY)
    expect(wrongMonth.ok === false && wrongMonth.errors.socialSecurityNumber).toBe(NIR_MESSAGES.birthMonth)
  })

  it('refuses unknown fields, a future birth date and unknown custom fields', () => {
    const crafted = validateCandidate({ ...valid, organisationId: 'x' }, defs, TODAY)
    expect(crafted.ok === false && crafted.errors._form).toBe(CANDIDATE_MESSAGES.unexpectedField)
    const future = validateCandidate({ ...valid, socialSecurityNumber: '', birthDate: '2999-01-01' }, defs, TODAY)
    expect(future.ok === false && future.errors.birthDate).toBe(CANDIDATE_MESSAGES.birthDateFuture)
    // The day given (the domain clock's Paris date on the server) is the last one allowed.
    expect(validateCandidate({ ...valid, socialSecurityNumber: '', birthDate: TODAY }, defs, TODAY).ok).toBe(true)
    const tomorrow = validateCandidate({ ...valid, socialSecurityNumber: '', birthDate: '2026-11-28' }, defs, TODAY)
    expect(tomorrow.ok === false && tomorrow.errors.birthDate).toBe(CANDIDATE_MESSAGES.birthDateFuture)
    const unknownCustom = validateCandidate(
      { ...valid, customFields: { ...valid.customFields, salaire: 3 } },
      defs,
      TODAY,
    )
    expect(unknownCustom.ok === false && unknownCustom.errors._form).toBe(CANDIDATE_MESSAGES.unexpectedField)
  })

  it('gives the rules across fields in the same pass as a wrong field elsewhere', () => {
    // A wrong phone used to hide the birth date in the future (and the NIR checks) until the next submission.
    const result = validateCandidate(
      {
        ...valid,
        phone: '06 12',
        gender: 'M',
        birthDate: '2999-01-01',
        customFields: { ...valid.customFields, enfants: '-3' },
      },
      defs,
      TODAY,
    )
    expect(result).toEqual({
      ok: false,
      errors: {
        phone: "Le téléphone n'est pas complet",
        birthDate: CANDIDATE_MESSAGES.birthDateFuture,
        socialSecurityNumber: NIR_MESSAGES.gender,
        'customFields.enfants': 'Le champ «\u00a0Nombre d’enfants\u00a0» ne peut pas être négatif',
      },
    })
    // A gender the form does not know no longer keeps the NIR from being checked against the birth date.
    const badGender = validateCandidate({ ...valid, gender: 'X', birthDate: '1955-09-14' }, defs, TODAY)
    expect(badGender).toEqual({
      ok: false,
      errors: { gender: CANDIDATE_MESSAGES.genderInvalid, socialSecurityNumber: NIR_MESSAGES.birthMonth },
    })
  })

  it('takes a custom number of zero or more, never a negative one', () => {
    const count = (enfants: string) =>
      validateCandidate({ ...valid, customFields: { ...valid.customFields, enfants } }, defs, TODAY)
    expect(count('0')).toMatchObject({ ok: true, values: { customFields: { enfants: 0 } } })
    expect(count('2,5')).toMatchObject({ ok: true, values: { customFields: { enfants: 2.5 } } })
    expect(count('-1')).toEqual({
      ok: false,
      errors: { 'customFields.enfants': 'Le champ «\u00a0Nombre d’enfants\u00a0» ne peut pas être négatif' },
    })
  })
})
