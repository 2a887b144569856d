import { describe, expect, it } from 'vitest'
import { passwordSchema } from './password-rule'

// Spec §5 and §9: at least 12 characters, with 1 lowercase, 1 uppercase, 1 number and 1 special character.
const ruleIssue = (password: string) => {
  const result = passwordSchema.safeParse(password)
  return result.success ? null : result.error.issues.map((issue) => issue.message)
}

/** The French message that states the whole rule. */
function expectTheRuleMessage(messages: string[] | null) {
  expect(messages).not.toBeNull()
  expect(messages).toHaveLength(1)
  const [message] = messages!
  expect(message).toMatch(/^Le mot de passe doit contenir au moins 12 caractères/)
  expect(message).toContain('minuscule')
  expect(message).toContain('majuscule')
  expect(message).toContain('chiffre')
  expect(message).toContain('caractère spécial')
}

describe('passwordSchema', () => {
  it('accepts a 12-character password with every class', () => {
    expect(passwordSchema.safeParse('Abcdefgh12!x').success).toBe(true)
    expect(passwordSchema.safeParse('Passerelle-Demo-2026!').success).toBe(true)
  })

  it('rejects 11 characters, even with every class', () => {
    expectTheRuleMessage(ruleIssue('Abcdefg12!x'))
  })

  it('rejects a password without a lowercase letter', () => {
    expectTheRuleMessage(ruleIssue('ABCDEFGH12!X'))
  })

  it('rejects a password without an uppercase letter', () => {
    expectTheRuleMessage(ruleIssue('abcdefgh12!x'))
  })

  it('rejects a password without a digit', () => {
    expectTheRuleMessage(ruleIssue('Abcdefghij!x'))
  })

  it('rejects a password without a special character', () => {
    expectTheRuleMessage(ruleIssue('Abcdefgh12xy'))
  })

  it('rejects the empty password', () => {
    expectTheRuleMessage(ruleIssue(''))
  })

  it('accepts accented letters as lowercase and uppercase letters', () => {
    expect(passwordSchema.safeParse('ÉLÉPHANT-été-2026').success).toBe(true)
  })

  it('accepts a 100-character password and returns it whole (no truncation)', () => {
    const password = `Aa1!${'x'.repeat(96)}`
    expect(password).toHaveLength(100)
    const result = passwordSchema.safeParse(password)
    expect(result.success).toBe(true)
    expect(result.data).toBe(password)
  })

  it('accepts 128 characters and rejects 129 with a French message', () => {
    expect(passwordSchema.safeParse(`Aa1!${'x'.repeat(124)}`).success).toBe(true)
    const messages = ruleIssue(`Aa1!${'x'.repeat(125)}`)
    expect(messages).toEqual(['Le mot de passe ne doit pas dépasser 128 caractères.'])
  })
})
