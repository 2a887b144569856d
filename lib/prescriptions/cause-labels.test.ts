import { describe, expect, it } from 'vitest'
import { causeLabel, REFUSAL_CAUSES } from './cause-labels'

describe('causeLabel', () => {
  it("returns '-' for a missing cause", () => {
    expect(causeLabel(null)).toBe('-')
    expect(causeLabel(undefined)).toBe('-')
    expect(causeLabel('')).toBe('-')
  })

  it("returns '-' for an unknown code", () => {
    expect(causeLabel('unknownCause')).toBe('-')
    expect(causeLabel('OUTSIDETERRITORY')).toBe('-')
  })

  // The cause column is free text: inherited property names must not resolve to a label.
  it("returns '-' for codes that are names of Object.prototype members", () => {
    for (const code of ['toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      expect(causeLabel(code), code).toBe('-')
    }
  })

  it('gives each of the six refusal causes of spec §4 its own label', () => {
    expect(REFUSAL_CAUSES).toHaveLength(6)
    const labels = REFUSAL_CAUSES.map((code) => causeLabel(code))
    for (const label of labels) {
      expect(typeof label).toBe('string')
      expect(label).not.toBe('-')
      expect(label.trim()).not.toBe('')
    }
    expect(new Set(labels).size).toBe(6)
  })

  it('labels the no-answer cause with the 3 convocations', () => {
    expect(causeLabel('noAnswerToConvocations')).toMatch(/3 convocations/)
  })
})
