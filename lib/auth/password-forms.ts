import { z } from 'zod'
import { isCommonPassword } from './common-passwords'
import { PASSWORD_MAX_LENGTH, passwordRuleMessage, passwordSchema } from './password-rule'
import { text } from '@/lib/text/safe-text'

export const commonPasswordMessage = 'Ce mot de passe fait partie des plus courants\u00a0: choisissez-en un autre.'
export const confirmMismatchMessage = 'La confirmation ne correspond pas au nouveau mot de passe.'
export const currentPasswordRequiredMessage = 'Le mot de passe actuel est obligatoire'
export const sameAsCurrentMessage = 'Le nouveau mot de passe doit être différent du mot de passe actuel.'

/** Spec §5 plus the common-password list: every password a user chooses (reset, change, account creation). */
export const acceptablePasswordSchema = passwordSchema.refine(
  (value) => !isCommonPassword(value),
  commonPasswordMessage,
)

/** /new-password, from the emailed link. */
export const newPasswordFormSchema = z
  .object({
    token: text().min(1),
    password: acceptablePasswordSchema,
    confirmPassword: text(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: confirmMismatchMessage })

/** /change-password, signed in. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: text().min(1, currentPasswordRequiredMessage),
    password: acceptablePasswordSchema,
    confirmPassword: text(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: confirmMismatchMessage })
  .refine((v) => v.currentPassword === '' || v.password !== v.currentPassword, {
    path: ['password'],
    message: sameAsCurrentMessage,
  })

/** The `auth` message key of each French message above, for the login pages shown in English. */
export const PASSWORD_MESSAGE_KEYS = {
  [passwordRuleMessage]: 'passwordRule',
  [`Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`]: 'passwordTooLong',
  [commonPasswordMessage]: 'commonPassword',
  [confirmMismatchMessage]: 'confirmMismatch',
  [currentPasswordRequiredMessage]: 'currentPasswordRequired',
  [sameAsCurrentMessage]: 'sameAsCurrent',
} as const satisfies Record<string, string>

export type PasswordMessageKey = (typeof PASSWORD_MESSAGE_KEYS)[keyof typeof PASSWORD_MESSAGE_KEYS]
export type PasswordField = 'currentPassword' | 'password' | 'confirmPassword'

/** The message key of the first issue of each field. */
export function fieldErrorKeys(error: z.ZodError): Partial<Record<PasswordField, PasswordMessageKey>> {
  const errors: Partial<Record<PasswordField, PasswordMessageKey>> = {}
  for (const issue of error.issues) {
    const field = issue.path[0]
    const key = (PASSWORD_MESSAGE_KEYS as Record<string, PasswordMessageKey>)[issue.message] ?? 'passwordRule'
    if (field === 'currentPassword' || field === 'password' || field === 'confirmPassword') errors[field] ??= key
  }
  return errors
}
