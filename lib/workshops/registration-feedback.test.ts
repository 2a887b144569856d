import { describe, expect, it } from 'vitest'
import { registrationFeedback } from './registration-feedback'

/** The app's typography: a non-breaking space before « : » and « ; ». */
const nbsp = (text: string) => text.replace(/ ([:;])/g, '\u00a0$1')
const WAITING_ONE = 'sans convocation pour l’instant ; il sera prévenu par SMS si une place se libère.'
const WAITING_MANY = 'sans convocation pour l’instant ; ils seront prévenus par SMS si une place se libère.'

describe('registrationFeedback', () => {
  it('one person on a full workshop: waitlisted, nothing sent, no "0 inscrit"', () => {
    const text = registrationFeedback({ registered: 0, waitlisted: 1, alreadyRegistered: 0, convocations: 0 })
    expect(text).toBe(nbsp(`Atelier complet : 1 candidat mis en liste d’attente, ${WAITING_ONE}`))
    expect(text).not.toMatch(/\b0 /)
  })

  it('seated with their convocations queued, the rest waitlisted', () => {
    expect(registrationFeedback({ registered: 2, waitlisted: 1, alreadyRegistered: 0, convocations: 2 })).toBe(
      nbsp(
        '2 candidats inscrits : leurs convocations partent par SMS. ' +
          `1 candidat mis en liste d’attente, ${WAITING_ONE}`,
      ),
    )
    expect(registrationFeedback({ registered: 1, waitlisted: 0, alreadyRegistered: 0, convocations: 1 })).toBe(
      nbsp('1 candidat inscrit : sa convocation part par SMS.'),
    )
  })

  it('says which convocations could not be queued', () => {
    expect(registrationFeedback({ registered: 3, waitlisted: 0, alreadyRegistered: 0, convocations: 2 })).toBe(
      nbsp('3 candidats inscrits : 2 convocations partent par SMS, 1 candidat sans mobile ou refusant les SMS.'),
    )
    expect(registrationFeedback({ registered: 1, waitlisted: 0, alreadyRegistered: 0, convocations: 0 })).toBe(
      nbsp('1 candidat inscrit : aucune convocation par SMS (pas de mobile ou SMS refusés).'),
    )
  })

  it('counts those left out, in French numbers', () => {
    expect(registrationFeedback({ registered: 0, waitlisted: 0, alreadyRegistered: 3, convocations: 0 })).toBe(
      '3 candidats déjà inscrits ou en liste d’attente, laissés de côté.',
    )
    expect(registrationFeedback({ registered: 1200, waitlisted: 1500, alreadyRegistered: 1, convocations: 1200 })).toBe(
      nbsp(
        '1\u202f200 candidats inscrits : leurs convocations partent par SMS. ' +
          `1\u202f500 candidats mis en liste d’attente, ${WAITING_MANY} ` +
          '1 candidat déjà inscrit ou en liste d’attente, laissé de côté.',
      ),
    )
  })
})
