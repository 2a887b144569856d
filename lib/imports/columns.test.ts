import { describe, expect, it } from 'vitest'
import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { checkMapping, guessMapping } from './columns'

const custom: CustomFieldDefinition[] = [
  { key: 'frenchLevel', label: 'Niveau de français', type: 'list', options: [], required: true },
]

describe('guessMapping', () => {
  it('recognises French and English headers, whatever their accents, case and punctuation, and custom fields by label', () => {
    const headers = [
      'NOM',
      'prénom',
      'Date de naissance',
      'Sexe',
      'Tél.',
      'E-mail',
      'N° de sécurité sociale',
      'N° CAF',
      'Identifiant Pôle emploi',
      'Adresse',
      'QPV',
      'Ville',
      'Statut',
      'Référent (email)',
      'niveau de francais',
      'Commentaire',
    ]
    expect(guessMapping(headers, custom)).toEqual([
      'lastName',
      'firstName',
      'birthDate',
      'gender',
      'phone',
      'email',
      'socialSecurityNumber',
      'cafNumber',
      'poleEmploiNumber',
      'addressFormatted',
      'addressIsQpv',
      'place',
      'status',
      'referent',
      'custom:frenchLevel',
      '',
    ])
    expect(
      guessMapping(['Last name', 'First name', 'Date of birth', 'Gender', 'Phone', 'Email', 'Status'], []),
    ).toEqual(['lastName', 'firstName', 'birthDate', 'gender', 'phone', 'email', 'status'])
  })

  it('gives a field to the first matching column only', () => {
    expect(guessMapping(['Nom', 'Courriel', 'Email'], [])).toEqual(['lastName', 'email', ''])
  })
})

describe('checkMapping', () => {
  const headers = ['Nom', 'Prénom', 'Niveau']
  it('accepts known targets, each once, with the names', () => {
    expect(checkMapping(['lastName', 'firstName', 'custom:frenchLevel'], headers, custom)).toEqual({
      ok: true,
      mapping: ['lastName', 'firstName', 'custom:frenchLevel'],
    })
  })
  it('refuses unknown targets, a target twice, missing names or a wrong length, in French', () => {
    expect(checkMapping(['lastName', 'firstName', 'custom:other'], headers, custom)).toEqual({
      ok: false,
      error: 'La correspondance des colonnes n’est pas valide\u00a0: rechargez le fichier.',
    })
    expect(checkMapping(['lastName', 'firstName', 'lastName'], headers, custom)).toEqual({
      ok: false,
      error: 'La colonne «\u00a0Nom\u00a0» est associée à plusieurs colonnes du fichier.',
    })
    expect(checkMapping(['lastName', '', ''], headers, custom)).toEqual({
      ok: false,
      error: 'Associez au moins les colonnes «\u00a0Nom\u00a0» et «\u00a0Prénom\u00a0».',
    })
    expect(checkMapping(['lastName', 'firstName'], headers, custom)).toMatchObject({ ok: false })
    expect(checkMapping('lastName', headers, custom)).toMatchObject({ ok: false })
  })
})
