import { z } from 'zod'

/**
 * The one text primitive of every schema. A person never types a NUL, a control character or half of a
 * surrogate pair; a script or a broken paste does, and PostgreSQL refuses NUL in text (22021) with a 500. Every
 * string a schema takes is checked here first, and refused with one French message:
 * - C0 controls and DEL, C1 controls: refused, except tab and line breaks (\n, \r), which single-line fields (names,
 *   identifiers) refuse too;
 * - lone surrogates (not well-formed UTF-16): refused.
 * Names additionally lose the invisible characters that let one name pose as another: bidirectional overrides and
 * isolates, zero-width spaces and joiners, the byte-order mark.
 */
export const TEXT_MESSAGES = {
  control:
    'Ce texte contient un caractère invisible ou de contrôle qui n’est pas accepté\u00a0: retirez-le, puis réessayez.',
} as const

// The control characters are what this rule is about (written as escapes, which no-control-regex accepts).
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
const INVISIBLE_IN_NAMES = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

/** Whether a text may be stored: no control character (line breaks only where `multiline`), no lone surrogate. */
export function isSafeText(value: string, multiline = false): boolean {
  return !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value) && value.isWellFormed()
}

/** A name without the invisible characters that change how it reads (bidi overrides, zero-width characters). */
export function withoutInvisibles(value: string): string {
  return value.replace(INVISIBLE_IN_NAMES, '')
}

type TextParams = { error?: string }

function checked(params: TextParams, multiline: boolean) {
  return z
    .string(params.error ? { error: params.error } : undefined)
    .refine((value) => isSafeText(value, multiline), { message: TEXT_MESSAGES.control, abort: true })
}

/** z.string() with the rule above, line breaks allowed: the base of every text field of the app's schemas. */
export function text(params: TextParams = {}) {
  return checked(params, true)
}

/** A single-line text (an identifier, an email, a code): no line break either. */
export function lineText(params: TextParams = {}) {
  return checked(params, false)
}

/** A person's, a structure's or any other name: single-line, and its invisible characters removed. */
export function nameText(params: TextParams = {}) {
  return lineText(params).overwrite(withoutInvisibles)
}
