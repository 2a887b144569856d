import { describe, expect, it } from 'vitest'
import {
  checkAnswer,
  initialFupForm,
  logoChoicesOf,
  toAnswer,
  withCause,
  withConvocation,
  withDecision,
  withLogoToggled,
  type FupForm,
  type LogoChoice,
} from './fup-answer'

const structure = { name: 'Mobilité Solidaire', email: 'contact@mobilite.test', phone: '', address: '' }
const fse: LogoChoice = { value: 'fse', label: 'FSE+', uri: '/logos/fse.svg', required: true }
const region: LogoChoice = { value: 'region', label: 'Région', uri: '/logos/region.svg', required: false }
const form = (patch: Partial<FupForm> = {}): FupForm => ({
  ...initialFupForm({ ...structure, accompanierName: 'Paula Moreau' }),
  ...patch,
})

describe('the FUP form', () => {
  it('opens prefilled with what the app knows, the decision left to the partner', () => {
    expect(initialFupForm(structure)).toMatchObject({ ...structure, accompanierName: '', partnerDecision: '' })
    expect(initialFupForm({ ...structure, accompanierName: 'Paula Moreau' }).accompanierName).toBe('Paula Moreau')
  })

  it('clears what belonged to the previous decision or cause (spec §4)', () => {
    const refused = form({ ...withDecision('notIntegrated'), ...withCause('noAnswerToConvocations') })
    const dated = { ...refused, ...withConvocation(refused, 1, { date: '2026-01-05' }) }
    expect(dated.convocations[1]).toEqual({ date: '2026-01-05', reason: '' })
    expect({ ...dated, ...withCause('foundJob') }.convocations[1]!.date).toBe('')
    expect({ ...dated, ...withDecision('integrated') }).toMatchObject({ cause: '', partnerDecision: 'integrated' })
  })

  it('sends the convocations only for a refusal without answer, and dates only for an integration', () => {
    const refused = form({ ...withDecision('notIntegrated'), ...withCause('noAnswerToConvocations') })
    expect(toAnswer(refused, []).partnerFeedback.decision).toHaveProperty('firstConvocation')
    const integrated = form({ ...withDecision('integrated'), firstReceptionDate: '2026-12-01' })
    expect(toAnswer(integrated, []).partnerFeedback.decision).toEqual({
      partnerDecision: 'integrated',
      cause: null,
      firstReceptionDate: '2026-12-01',
      assessmentDate: '',
    })
  })

  it('prints the required logos and the ticked ones, each once', () => {
    const choices = logoChoicesOf([fse], [fse, region])
    expect(choices.map((l) => l.value)).toEqual(['fse', 'region'])
    expect(toAnswer(form(), choices).sponsorsLogo!.map((l) => l.value)).toEqual(['fse'])
    const ticked = form(withLogoToggled(form(), 'region'))
    expect(toAnswer(ticked, choices).sponsorsLogo!.map((l) => l.value)).toEqual(['fse', 'region'])
    expect(withLogoToggled(ticked, 'region').logos).toEqual([])
  })

  it('finds every error in one pass, under the paths the server uses', () => {
    const errors = checkAnswer(form({ accompanierName: '', email: 'pas-un-email', phone: '06 12' }), [])
    expect(Object.keys(errors).sort()).toEqual([
      'partnerFeedback.accompanierName',
      'partnerFeedback.decision.partnerDecision',
      'partnerFeedback.email',
      'partnerFeedback.phone',
    ])
    const noAnswer = form({ ...withDecision('notIntegrated'), ...withCause('noAnswerToConvocations') })
    expect(Object.values(checkAnswer(noAnswer, [])).filter((m) => /convocation/.test(m))).toHaveLength(3)
    expect(checkAnswer(form({ ...withDecision('integrated'), firstReceptionDate: '2026-12-01' }), [])).toEqual({})
  })
})
