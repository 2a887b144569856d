import { fieldErrorsOf } from '@/lib/frame/outcome'
import { CONVOCATION_KEYS, type FupAnswerInput, fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import type { FieldErrors } from '@/lib/forms/form-errors'

/** What the app knows of the answering partner: the structure's details, and the person's name when given. */
export type FeedbackDefaults = { name: string; email: string; phone: string; address: string; accompanierName?: string }
export type LogoChoice = { value: string; label: string; uri: string; required: boolean }

export type Convocation = { date: string; reason: '' | 'excusedAbsence' | 'unexcusedAbsence' }
type Convocations = [Convocation, Convocation, Convocation]

/** The FUP form as typed: strings and choices, turned into the answer only when sent. */
export type FupForm = Omit<FeedbackDefaults, 'accompanierName'> & {
  accompanierName: string
  partnerDecision: '' | 'integrated' | 'notIntegrated'
  cause: string
  firstReceptionDate: string
  assessmentDate: string
  convocations: Convocations
  logos: string[]
}

const emptyConvocations = (): Convocations => [
  { date: '', reason: '' },
  { date: '', reason: '' },
  { date: '', reason: '' },
]

export function initialFupForm({ accompanierName = '', ...structure }: FeedbackDefaults): FupForm {
  return {
    ...structure,
    accompanierName,
    partnerDecision: '',
    cause: '',
    firstReceptionDate: '',
    assessmentDate: '',
    convocations: emptyConvocations(),
    logos: [],
  }
}

/** Spec §4: changing the decision clears dates, cause and convocations. */
export const withDecision = (partnerDecision: FupForm['partnerDecision']): Partial<FupForm> => ({
  partnerDecision,
  cause: '',
  firstReceptionDate: '',
  assessmentDate: '',
  convocations: emptyConvocations(),
})

/** Spec §4: changing the cause clears the convocations. */
export const withCause = (cause: string): Partial<FupForm> => ({ cause, convocations: emptyConvocations() })

export const withConvocation = (form: FupForm, index: number, patch: Partial<Convocation>): Partial<FupForm> => ({
  convocations: form.convocations.map((c, i) => (i === index ? { ...c, ...patch } : c)) as Convocations,
})

export const withLogoToggled = (form: FupForm, value: string): Partial<FupForm> => ({
  logos: form.logos.includes(value) ? form.logos.filter((v) => v !== value) : [...form.logos, value],
})

/** Whether the three convocations are asked: a refusal because the person never came. */
export const asksConvocations = (form: FupForm) =>
  form.partnerDecision === 'notIntegrated' && form.cause === 'noAnswerToConvocations'

/** The offer's financers, and the logos the organisation's FUP model put on this sheet (once each). */
export function logoChoicesOf(offerLogos: LogoChoice[], sheetLogos: LogoChoice[]): LogoChoice[] {
  return [...offerLogos, ...sheetLogos.filter((l) => !offerLogos.some((o) => o.value === l.value))]
}

/** The payload of spec §7 "Send FUP to the operator", built from the form as typed. */
export function toAnswer(f: FupForm, logoChoices: LogoChoice[]): FupAnswerInput {
  const convocation = (c: Convocation) => ({ date: c.date, reason: c.reason || undefined }) as never
  return {
    partnerFeedback: {
      accompanierName: f.accompanierName,
      name: f.name,
      email: f.email,
      phone: f.phone,
      address: f.address,
      decision: {
        partnerDecision: (f.partnerDecision || undefined) as never,
        cause: f.partnerDecision === 'notIntegrated' ? f.cause || null : null,
        firstReceptionDate: f.partnerDecision === 'integrated' ? f.firstReceptionDate : null,
        assessmentDate: f.partnerDecision === 'integrated' ? f.assessmentDate : null,
        ...(asksConvocations(f)
          ? Object.fromEntries(CONVOCATION_KEYS.map((k, i) => [k, convocation(f.convocations[i]!)]))
          : {}),
      },
    },
    sponsorsLogo: logoChoices
      .filter((l) => l.required || f.logos.includes(l.value))
      .map((l) => ({ label: l.label, value: l.value, uri: l.uri, required: l.required })),
  }
}

/** The server's own schema, before sending: every error of the answer at once, under the server's paths. */
export function checkAnswer(f: FupForm, logoChoices: LogoChoice[]): FieldErrors {
  const parsed = fupAnswerSchema.safeParse(toAnswer(f, logoChoices))
  return parsed.success ? {} : fieldErrorsOf(parsed.error)
}
