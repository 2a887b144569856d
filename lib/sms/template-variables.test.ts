import { describe, expect, it } from 'vitest'
import { fillTemplate, unknownVariables } from './template-variables'

const values = { prenom: 'Élodie', nom: 'Durand', referent: 'Romain Leroy', organisation: 'Département de Seine-Maritime', telephone_referent: '06 01 02 03 04' }

describe('template variables', () => {
  it('fills the five variables, each occurrence', () => {
    expect(fillTemplate('Bonjour {prenom} {nom}, {referent} ({organisation}, {telephone_referent}). À bientôt {prenom} !', values)).toBe(
      'Bonjour Élodie Durand, Romain Leroy (Département de Seine-Maritime, 06 01 02 03 04). À bientôt Élodie !',
    )
  })

  it('names the unknown ones, each once, as written', () => {
    expect(unknownVariables('Bonjour {Prenom}, {date} et {date} ; {prenom} va bien')).toEqual(['{Prenom}', '{date}'])
    expect(unknownVariables('{}')).toEqual(['{}'])
    expect(unknownVariables('Bonjour {prenom}')).toEqual([])
  })

  it('leaves text without variables, and braces around spaces, as typed', () => {
    expect(fillTemplate('Rendez-vous à 14 h { salle B }', values)).toBe('Rendez-vous à 14 h { salle B }')
    expect(unknownVariables('Rendez-vous { salle B }')).toEqual([])
  })

  it('does not fill names of Object.prototype', () => {
    expect(unknownVariables('{constructor} {toString}')).toEqual(['{constructor}', '{toString}'])
    expect(fillTemplate('{constructor}', values)).toBe('{constructor}')
  })
})
