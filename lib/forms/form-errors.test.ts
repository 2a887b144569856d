import { describe, expect, it } from 'vitest'
import { CHECK_FIELDS } from '@/lib/frame/outcome'
import {
  errorBelongsTo,
  errorCountText,
  errorsOf,
  hasErrors,
  NO_ERRORS,
  UNREACHABLE,
  withoutErrorsOf,
} from './form-errors'

describe('errorsOf', () => {
  it('keeps the server’s message, alone or over its field errors', () => {
    expect(errorsOf({ ok: false, error: 'Cette prescription a déjà reçu une réponse.' })).toEqual({
      fieldErrors: {},
      error: 'Cette prescription a déjà reçu une réponse.',
    })
    expect(errorsOf({ ok: false, error: CHECK_FIELDS, fieldErrors: { email: 'Invalide' } })).toEqual({
      fieldErrors: { email: 'Invalide' },
      error: CHECK_FIELDS,
    })
  })

  it('shows field errors alone when the server gave no message', () => {
    const fieldErrors = { goal: 'L’objectif est obligatoire' }
    expect(errorsOf({ ok: false, fieldErrors })).toEqual({ fieldErrors, error: null })
  })

  it('never stays silent: a bare refusal says the fallback', () => {
    expect(errorsOf({ ok: false })).toEqual({ fieldErrors: {}, error: UNREACHABLE })
    expect(errorsOf({ ok: false, fieldErrors: {} }, 'La prescription n’a pas pu être enregistrée.')).toEqual({
      fieldErrors: {},
      error: 'La prescription n’a pas pu être enregistrée.',
    })
  })
})

describe('withoutErrorsOf', () => {
  const errors = {
    email: 'Email invalide',
    'partnerFeedback.name': 'Nom obligatoire',
    'partnerFeedback.decision.cause': 'Motif obligatoire',
    'customFields.children': 'Nombre attendu',
  }

  it('drops the errors of the changed values, top-level or nested under the same name', () => {
    expect(withoutErrorsOf(errors, ['email', 'cause'])).toEqual({
      'partnerFeedback.name': 'Nom obligatoire',
      'customFields.children': 'Nombre attendu',
    })
    expect(withoutErrorsOf(errors, ['customFields.children'])).not.toHaveProperty('customFields.children')
  })

  it('does not take a value for another whose name only ends the same way', () => {
    expect(errorBelongsTo('partnerFeedback.name', 'name')).toBe(true)
    expect(errorBelongsTo('partnerFeedback.firstName', 'name')).toBe(false)
    expect(errorBelongsTo('email', 'mail')).toBe(false)
  })

  it('returns the same object when nothing goes, so the form does not render for nothing', () => {
    expect(withoutErrorsOf(errors, ['phone'])).toBe(errors)
  })
})

describe('the summary', () => {
  it('counts the fields in French', () => {
    expect(errorCountText(1)).toBe('Un champ est à corriger')
    expect(errorCountText(3)).toBe('3 champs sont à corriger')
  })

  it('knows when there is nothing to show', () => {
    expect(hasErrors(NO_ERRORS)).toBe(false)
    expect(hasErrors({ fieldErrors: {}, error: 'Refusé' })).toBe(true)
    expect(hasErrors({ fieldErrors: { email: 'Invalide' }, error: null })).toBe(true)
  })
})
