import { describe, expect, it } from 'vitest'
import { fillTemplate, templateValues, unknownVariables } from './template-variables'

const values = templateValues({
  candidate: { firstName: 'Élodie', lastName: 'Durand' },
  referent: { firstName: 'Romain', lastName: 'Leroy', phone: '06 01 02 03 04' },
  sender: { firstName: 'Anne', lastName: 'Martin', phone: '06 11 22 33 44' },
  organisationName: 'Département de Seine-Maritime',
})

describe('template variables', () => {
  it('fills the seven variables, each occurrence: {referent} is the candidate’s referent, {expediteur} the person who sends', () => {
    expect(
      fillTemplate(
        'Bonjour {prenom} {nom}, {referent} ({organisation}, {telephone_referent}). {expediteur} {telephone_expediteur}. À bientôt {prenom} !',
        values,
      ),
    ).toBe(
      'Bonjour Élodie Durand, Romain Leroy (Département de Seine-Maritime, 06 01 02 03 04). Anne Martin 06 11 22 33 44. À bientôt Élodie !',
    )
  })

  it('without a referent, {referent} and its phone are the sender’s (the person to answer)', () => {
    const v = templateValues({
      candidate: { firstName: 'Léa', lastName: 'Petit' },
      referent: null,
      sender: { firstName: 'Anne', lastName: 'Martin', phone: '06 11 22 33 44' },
      organisationName: 'Orga',
    })
    expect(v).toMatchObject({
      referent: 'Anne Martin',
      telephone_referent: '06 11 22 33 44',
      expediteur: 'Anne Martin',
      telephone_expediteur: '06 11 22 33 44',
    })
  })

  it('for the app’s own messages (no sender), {expediteur} is the organisation and its phone the referent’s', () => {
    const v = templateValues({
      candidate: { firstName: 'Léa', lastName: 'Petit' },
      referent: { firstName: 'Romain', lastName: null, phone: '06 01 02 03 04' },
      sender: null,
      organisationName: 'Orga',
    })
    expect(v).toMatchObject({
      referent: 'Romain',
      telephone_referent: '06 01 02 03 04',
      expediteur: 'Orga',
      telephone_expediteur: '06 01 02 03 04',
    })
    expect(
      templateValues({
        candidate: { firstName: 'Léa', lastName: 'Petit' },
        referent: null,
        sender: null,
        organisationName: 'Orga',
      }),
    ).toMatchObject({ referent: '', telephone_referent: '', expediteur: 'Orga', telephone_expediteur: '' })
  })

  it('names the unknown ones, each once, as written', () => {
    expect(unknownVariables('Bonjour {Prenom}, {date} et {date} ; {prenom} va bien')).toEqual(['{Prenom}', '{date}'])
    expect(unknownVariables('{}')).toEqual(['{}'])
    expect(unknownVariables('Bonjour {prenom} {expediteur} {telephone_expediteur}')).toEqual([])
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
