import { describe, expect, it } from 'vitest'
import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { PRESCRIPTION_MESSAGES as M } from '@/lib/prescriptions/prescription-schema'
import {
  checkPrescription,
  initialPrescribeValues,
  prescribedMessage,
  prescribeInputOf,
  type PrescribeTarget,
  type PrescribeValues,
} from './prescribe-form'

const TODAY = '2026-03-10'
const offer: PrescribeTarget = {
  kind: 'offer',
  offer: { id: 'o1', name: 'Permis solidaire', providerName: 'Mobilité' },
}
const sheet: PrescribeTarget = { kind: 'candidate', candidate: { id: 'c1', name: 'Antoine Blanc' }, offerId: 'o2' }
const defaults = {
  rsaReferentName: 'Romain Leroy',
  structure: 'Département',
  email: 'referent@passerelle.test',
  phone: '',
  address: '',
}
const permit: CustomFieldDefinition = {
  key: 'permit',
  label: 'Permis AM obtenu',
  type: 'bool',
  options: [],
  required: true,
}
const filled = (target: PrescribeTarget, patch: Partial<PrescribeValues> = {}): PrescribeValues => ({
  ...initialPrescribeValues(target, defaults, TODAY),
  candidate: { id: 'c9', name: 'Blanc Antoine', detail: '' },
  goal: 'Passer le permis B.',
  validatePrescription: true,
  approveDemand: true,
  ...patch,
})

describe('the prescribe dialog’s form', () => {
  it('opens with the prescriber prefilled, today’s date and the sheet’s suggested offer', () => {
    expect(initialPrescribeValues(sheet, defaults, TODAY)).toMatchObject({
      ...defaults,
      offerId: 'o2',
      prescriptionDate: TODAY,
      manual: false,
    })
    expect(initialPrescribeValues(offer, defaults, TODAY).offerId).toBe('')
  })

  it('finds every error in one pass: the candidate, the sheet’s fields and the model’s required field', () => {
    const values = { ...initialPrescribeValues(offer, defaults, TODAY), email: 'pas-un-email' }
    expect(checkPrescription(offer, values, [permit], TODAY)).toEqual({
      candidateId: M.candidateRequired,
      email: M.emailFormat,
      goal: M.goalRequired,
      validatePrescription: M.validatePrescriptionRequired,
      approveDemand: M.approveDemandRequired,
      'modelAnswers.permit': 'Le champ «\u00a0Permis AM obtenu\u00a0» est obligatoire',
    })
  })

  it('asks a manual prescription for its offer and date only, never a date to come', () => {
    const manual = { ...initialPrescribeValues(sheet, defaults, TODAY), offerId: '', manual: true }
    expect(checkPrescription(sheet, manual, [permit], TODAY)).toEqual({ offerId: M.offerRequired })
    expect(checkPrescription(sheet, { ...manual, offerId: 'o2', prescriptionDate: '2026-03-11' }, [], TODAY)).toEqual({
      prescriptionDate: M.prescriptionDateInFuture,
    })
  })

  it('sends the sheet as the server’s strict schema reads it', () => {
    const values = filled(offer, { modelAnswers: { permit: 'oui' } })
    expect(checkPrescription(offer, values, [permit], TODAY)).toEqual({})
    expect(prescribeInputOf(offer, values)).toEqual({
      candidateId: 'c9',
      offerId: 'o1',
      manual: false,
      prescription: {
        ...defaults,
        goal: 'Passer le permis B.',
        validatePrescription: true,
        approveDemand: true,
        prescriptionDate: TODAY,
      },
      modelAnswers: { permit: 'oui' },
    })
    expect(prescribeInputOf(sheet, filled(sheet, { manual: true }))).toEqual({
      candidateId: 'c1',
      offerId: 'o2',
      manual: true,
      prescription: { prescriptionDate: TODAY },
      modelAnswers: undefined,
    })
  })

  it('says what was done', () => {
    expect(prescribedMessage(true, 'Permis solidaire')).toBe('Prescription manuelle enregistrée.')
    expect(prescribedMessage(false, 'Permis solidaire')).toBe(
      'Prescription envoyée au partenaire de l’offre «\u00a0Permis solidaire\u00a0».',
    )
    expect(prescribedMessage(false, 'Permis solidaire', 2)).toBe(
      'L’offre «\u00a0Permis solidaire\u00a0» est complète\u00a0: la prescription est en liste d’attente, au rang 2. Le partenaire la recevra dès qu’une place se libérera.',
    )
  })
})
