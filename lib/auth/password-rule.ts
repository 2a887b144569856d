import { text } from '@/lib/text/safe-text'

export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

/** Spec §5 (and CNIL's rule): 12 characters or more, with a lowercase, an uppercase, a number and a special character. */
export const passwordRuleMessage =
  'Le mot de passe doit contenir au moins 12 caractères, dont 1 minuscule, 1 majuscule, 1 chiffre et 1 caractère spécial.'

export const passwordSchema = text()
  .max(PASSWORD_MAX_LENGTH, `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`)
  .refine(
    (value) =>
      [...value].length >= PASSWORD_MIN_LENGTH &&
      /\p{Ll}/u.test(value) &&
      /\p{Lu}/u.test(value) &&
      /\p{Nd}/u.test(value) &&
      /[^\p{L}\p{Nd}]/u.test(value),
    passwordRuleMessage,
  )
