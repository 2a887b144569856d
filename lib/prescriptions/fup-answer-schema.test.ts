import { describe, expect, it } from 'vitest'
import { fieldErrorsOf } from '@/lib/frame/outcome'
import { REFUSAL_CAUSES } from './cause-labels'
import { FSE_LOGO, FUP_MESSAGES, fupAnswerSchema, withMandatoryLogos } from './fup-answer-schema'

/** Spec §5 messages, typed out here from the spec rather than imported, so that a drifted constant fails. */
const SPEC = {
  decision: 'La décision est obligatoire',
  cause: 'Le motif est obligatoire',
  accompanier: 'Le prénom et le nom de l’accompagnateur sont obligatoires',
  partnerName: 'Le nom du partenaire est obligatoire',
  email: "L'email n'est pas bien formaté",
  phone: "Le téléphone n'est pas complet",
}

const DECISION = 'partnerFeedback.decision'
const convocation = (date: string, reason: string = 'unexcusedAbsence') => ({ date, reason })
const threeConvocations = () => ({
  firstConvocation: convocation('2026-10-20'),
  secondConvocation: convocation('2026-10-27', 'excusedAbsence'),
  thirdConvocation: convocation('2026-11-03'),
})

type Decision = Record<string, unknown>
/** A complete, valid answer; `decision` and `feedback` override parts of it. */
function answer(decision: Decision = {}, feedback: Record<string, unknown> = {}, root: Record<string, unknown> = {}) {
  return {
    partnerFeedback: {
      accompanierName: 'Paula Moreau',
      name: 'Mobilité Solidaire',
      email: 'permis@mobilite-solidaire.test',
      phone: '02 35 00 00 01',
      address: '12 rue du Gros-Horloge, 76000 Rouen',
      decision: {
        partnerDecision: 'integrated',
        cause: null,
        firstReceptionDate: '2026-11-02',
        assessmentDate: '2027-02-01',
        ...decision,
      },
      ...feedback,
    },
    sponsorsLogo: [],
    ...root,
  }
}
const refused = (cause: string | null | undefined, extra: Decision = {}) =>
  answer({ partnerDecision: 'notIntegrated', cause, firstReceptionDate: null, assessmentDate: null, ...extra })

/** The messages of the issues found at exactly `path` (dotted). */
function messagesAt(input: unknown, path: string): string[] {
  const result = fupAnswerSchema.safeParse(input)
  if (result.success) return []
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message)
}
function allMessages(input: unknown): string[] {
  const result = fupAnswerSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}
function parsed(input: unknown) {
  const result = fupAnswerSchema.safeParse(input)
  if (!result.success) throw new Error(`expected a valid answer, got ${JSON.stringify(result.error.issues)}`)
  return result.data
}
const without = (key: string, obj: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key))

describe('fupAnswerSchema — the base cases', () => {
  it('accepts a complete integrated answer', () => {
    expect(fupAnswerSchema.safeParse(answer()).success).toBe(true)
  })

  it('accepts a refusal for each cause but the no-answer one, without convocations', () => {
    for (const cause of REFUSAL_CAUSES.filter((c) => c !== 'noAnswerToConvocations')) {
      expect(parsed(refused(cause)).partnerFeedback.decision.cause, cause).toBe(cause)
    }
  })
})

describe('§5 partnerDecision', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['not one of the two values', 'maybe'],
  ])("says 'La décision est obligatoire' when the decision is %s", (_label, value) => {
    const input = answer(value === undefined ? {} : { partnerDecision: value })
    if (value === undefined) delete (input.partnerFeedback.decision as Decision).partnerDecision
    expect(messagesAt(input, `${DECISION}.partnerDecision`)).toEqual([SPEC.decision])
  })

  it("says 'La décision est obligatoire' when the whole decision block is missing", () => {
    const input = answer()
    const feedback = without('decision', input.partnerFeedback)
    expect(messagesAt({ ...input, partnerFeedback: feedback }, DECISION)).toEqual([SPEC.decision])
  })
})

describe('§5 cause', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '   '],
  ])("says 'Le motif est obligatoire' for a refusal whose cause is %s", (_label, cause) => {
    expect(messagesAt(refused(cause), `${DECISION}.cause`)).toEqual([SPEC.cause])
  })

  it("says 'Le motif est obligatoire' for an integration that carries a cause", () => {
    expect(messagesAt(answer({ cause: 'hasJob' }), `${DECISION}.cause`)).toEqual([SPEC.cause])
  })

  // Whether the code is one the prescribing organisation offers is checked on the server (tests/integration/refusal-causes).
  it('rejects what cannot be a cause code (a label, spaces, markup, an endless string), in French', () => {
    for (const cause of ['N’a pas répondu aux 3 convocations', 'has job', '<b>hasJob</b>', 'x'.repeat(61)]) {
      const messages = messagesAt(refused(cause), `${DECISION}.cause`)
      expect(messages, cause).toHaveLength(1)
      expect(messages[0], cause).not.toMatch(/invalid|expected/i)
    }
  })
})

describe('§5 partner feedback fields', () => {
  it.each([['missing'], ['empty'], ['blank']])("says the accompanier's name is required when it is %s", (kind) => {
    const base = answer()
    const feedback =
      kind === 'missing'
        ? without('accompanierName', base.partnerFeedback)
        : { ...base.partnerFeedback, accompanierName: kind === 'empty' ? '' : '  ' }
    expect(messagesAt({ ...base, partnerFeedback: feedback }, 'partnerFeedback.accompanierName')).toEqual([
      SPEC.accompanier,
    ])
  })

  it.each([['missing'], ['empty'], ['blank']])("says the partner's name is required when it is %s", (kind) => {
    const base = answer()
    const feedback =
      kind === 'missing'
        ? without('name', base.partnerFeedback)
        : { ...base.partnerFeedback, name: kind === 'empty' ? '' : '  ' }
    expect(messagesAt({ ...base, partnerFeedback: feedback }, 'partnerFeedback.name')).toEqual([SPEC.partnerName])
  })

  it.each(['paula.moreau', 'paula@', '@mobilite-solidaire.test', 'paula moreau@mobilite.test', ''])(
    'says the email %j is badly formed',
    (email) => {
      expect(messagesAt(answer({}, { email }), 'partnerFeedback.email')).toEqual([SPEC.email])
    },
  )

  it('trims a well-formed email', () => {
    expect(parsed(answer({}, { email: '  permis@mobilite-solidaire.test ' })).partnerFeedback.email).toBe(
      'permis@mobilite-solidaire.test',
    )
  })

  // lib/phone.ts's rule: the overseas départements' numbers, and the national 0 written after +33, are complete.
  it.each([
    '06 12 34 56 78',
    '+33 6 12 34 56 78',
    '0612345678',
    '02.35.00.00.01',
    '+33 (0)6 12 34 56 78',
    '+262 692 12 34 56',
    '0692 12 34 56',
    '',
  ])('accepts the phone %j', (phone) => {
    expect(messagesAt(answer({}, { phone }), 'partnerFeedback.phone')).toEqual([])
    expect(fupAnswerSchema.safeParse(answer({}, { phone })).success).toBe(true)
  })

  it('accepts an answer with no phone at all, stored as empty', () => {
    const base = answer()
    expect(parsed({ ...base, partnerFeedback: without('phone', base.partnerFeedback) }).partnerFeedback.phone).toBe('')
  })

  it.each(['06 12 34', '06 12 34 56 7', '061234567890', '0012345678', 'zéro six', '+44 20 7946 0958'])(
    'says the phone %j is not complete',
    (phone) => {
      expect(messagesAt(answer({}, { phone }), 'partnerFeedback.phone')).toEqual([SPEC.phone])
    },
  )
})

describe('unknown keys', () => {
  const isFrench = (m: string) => !/unrecognized|invalid|expected/i.test(m)

  it('rejects a fourth convocation with a French message', () => {
    const input = refused('noAnswerToConvocations', {
      ...threeConvocations(),
      fourthConvocation: convocation('2026-11-10'),
    })
    const messages = messagesAt(input, DECISION)
    expect(messages).toHaveLength(1)
    expect(isFrench(messages[0]!)).toBe(true)
    expect(messages[0]).toBe(FUP_MESSAGES.unexpectedField)
  })

  it('rejects unknown keys at every level with a French message', () => {
    const cases: [unknown, string][] = [
      [answer({}, {}, { state: 'INTEGRATED_CANDIDATE' }), ''],
      [answer({}, { structureId: 'x' }), 'partnerFeedback'],
      [answer({ responseDate: '2026-11-02' }), DECISION],
      [
        answer(
          {},
          {},
          {
            sponsorsLogo: [
              { label: 'Département', value: 'departement', uri: '/logos/d.svg', required: false, width: 20 },
            ],
          },
        ),
        'sponsorsLogo.0',
      ],
      [
        refused('noAnswerToConvocations', {
          ...threeConvocations(),
          firstConvocation: { ...convocation('2026-10-20'), comment: 'x' },
        }),
        `${DECISION}.firstConvocation`,
      ],
    ]
    for (const [input, path] of cases) {
      const messages = messagesAt(input, path)
      expect(messages, path).toHaveLength(1)
      expect(isFrench(messages[0]!), messages[0]).toBe(true)
    }
  })
})

describe('convocations (spec §4: only for the no-answer cause, then all three)', () => {
  it('accepts the no-answer cause with three dated convocations and keeps them', () => {
    const d = parsed(refused('noAnswerToConvocations', threeConvocations())).partnerFeedback.decision
    expect(d.cause).toBe('noAnswerToConvocations')
    expect(d.firstConvocation).toEqual({ date: '2026-10-20', reason: 'unexcusedAbsence' })
    expect(d.secondConvocation).toEqual({ date: '2026-10-27', reason: 'excusedAbsence' })
    expect(d.thirdConvocation).toEqual({ date: '2026-11-03', reason: 'unexcusedAbsence' })
  })

  it.each(['firstConvocation', 'secondConvocation', 'thirdConvocation'])(
    'rejects the no-answer cause when %s is missing or null',
    (key) => {
      const missing = without(key, threeConvocations())
      expect(messagesAt(refused('noAnswerToConvocations', missing), `${DECISION}.${key}.date`)).toHaveLength(1)
      expect(
        messagesAt(
          refused('noAnswerToConvocations', { ...threeConvocations(), [key]: null }),
          `${DECISION}.${key}.date`,
        ),
      ).toHaveLength(1)
    },
  )

  it('rejects the no-answer cause without any convocation: one issue per row', () => {
    const messages = ['firstConvocation', 'secondConvocation', 'thirdConvocation'].map((k) =>
      messagesAt(refused('noAnswerToConvocations'), `${DECISION}.${k}.date`),
    )
    expect(messages.map((m) => m.length)).toEqual([1, 1, 1])
  })

  it('needs a date on each convocation', () => {
    for (const date of ['', '   ']) {
      const input = refused('noAnswerToConvocations', { ...threeConvocations(), secondConvocation: convocation(date) })
      expect(messagesAt(input, `${DECISION}.secondConvocation.date`).length, JSON.stringify(date)).toBeGreaterThan(0)
    }
    const noDate = refused('noAnswerToConvocations', {
      ...threeConvocations(),
      secondConvocation: { reason: 'excusedAbsence' },
    })
    expect(messagesAt(noDate, `${DECISION}.secondConvocation.date`)).toHaveLength(1)
  })

  it('needs the reason excusedAbsence or unexcusedAbsence on each convocation', () => {
    for (const reason of [undefined, null, '', 'sick']) {
      const third = reason === undefined ? { date: '2026-11-03' } : { date: '2026-11-03', reason }
      const input = refused('noAnswerToConvocations', { ...threeConvocations(), thirdConvocation: third })
      expect(messagesAt(input, `${DECISION}.thirdConvocation.reason`), String(reason)).toHaveLength(1)
    }
  })

  it('rejects a convocation date that is not a date', () => {
    for (const date of ['20/10/2026', '2026-13-01', 'hier']) {
      const input = refused('noAnswerToConvocations', { ...threeConvocations(), firstConvocation: convocation(date) })
      expect(messagesAt(input, `${DECISION}.firstConvocation.date`), date).toHaveLength(1)
    }
  })

  it.each(REFUSAL_CAUSES.filter((c) => c !== 'noAnswerToConvocations'))(
    'rejects convocations given with the cause %s',
    (cause) => {
      expect(
        messagesAt(refused(cause, { firstConvocation: convocation('2026-10-20') }), `${DECISION}.firstConvocation`),
      ).toHaveLength(1)
      expect(fupAnswerSchema.safeParse(refused(cause, threeConvocations())).success).toBe(false)
    },
  )

  it('rejects convocations given with an integration', () => {
    expect(fupAnswerSchema.safeParse(answer(threeConvocations())).success).toBe(false)
  })
})

describe('what a decision keeps (spec §4: changing the decision clears dates, cause and convocations)', () => {
  it('an integration keeps its dates and has no cause and no convocations', () => {
    const d = parsed(answer({ cause: '', firstConvocation: null, secondConvocation: null, thirdConvocation: null }))
      .partnerFeedback.decision
    expect(d).toEqual({
      partnerDecision: 'integrated',
      cause: null,
      firstReceptionDate: '2026-11-02',
      assessmentDate: '2027-02-01',
      firstConvocation: null,
      secondConvocation: null,
      thirdConvocation: null,
    })
  })

  it('an integration may leave its dates empty', () => {
    const d = parsed(answer({ firstReceptionDate: '', assessmentDate: null })).partnerFeedback.decision
    expect(d.firstReceptionDate).toBeNull()
    expect(d.assessmentDate).toBeNull()
  })

  it('a refusal drops the first-reception and assessment dates', () => {
    const d = parsed(refused('hasMoved', { firstReceptionDate: '2026-11-02', assessmentDate: '2027-02-01' }))
      .partnerFeedback.decision
    expect(d).toEqual({
      partnerDecision: 'notIntegrated',
      cause: 'hasMoved',
      firstReceptionDate: null,
      assessmentDate: null,
      firstConvocation: null,
      secondConvocation: null,
      thirdConvocation: null,
    })
  })

  it('rejects a first-reception date that is not yyyy-mm-dd', () => {
    expect(messagesAt(answer({ firstReceptionDate: '02/11/2026' }), `${DECISION}.firstReceptionDate`)).toHaveLength(1)
  })

  // Regression test (fixed): the value is checked as the spec and a partner expect.
  it('rejects an impossible calendar date such as 2026-02-30', () => {
    expect(messagesAt(answer({ firstReceptionDate: '2026-02-30' }), `${DECISION}.firstReceptionDate`)).toHaveLength(1)
    expect(messagesAt(answer({ assessmentDate: '2027-04-31' }), `${DECISION}.assessmentDate`)).toHaveLength(1)
  })
})

describe('§5 sponsor logos', () => {
  const logo = {
    label: 'Département de Seine-Maritime',
    value: 'departement',
    uri: '/logos/departement.svg',
    required: false,
  }

  it('accepts a complete logo', () => {
    expect(parsed(answer({}, {}, { sponsorsLogo: [logo] })).sponsorsLogo).toEqual([logo])
  })

  it.each(['label', 'value', 'uri', 'required'])('rejects a logo without %s', (key) => {
    const messages = messagesAt(answer({}, {}, { sponsorsLogo: [without(key, logo)] }), `sponsorsLogo.0.${key}`)
    expect(messages).toHaveLength(1)
    expect(messages[0]).not.toMatch(/invalid|expected/i)
  })

  it.each(['label', 'value', 'uri'])('rejects a logo whose %s is blank', (key) => {
    expect(
      messagesAt(answer({}, {}, { sponsorsLogo: [{ ...logo, [key]: '  ' }] }), `sponsorsLogo.0.${key}`),
    ).toHaveLength(1)
  })

  it("rejects a logo whose 'required' is not a boolean", () => {
    expect(
      messagesAt(answer({}, {}, { sponsorsLogo: [{ ...logo, required: 'oui' }] }), 'sponsorsLogo.0.required'),
    ).toHaveLength(1)
  })

  it('defaults a missing logo list to empty', () => {
    expect(parsed(without('sponsorsLogo', answer())).sponsorsLogo).toEqual([])
  })
})

describe('withMandatoryLogos (spec §7, §9: the fse logo is always there when the offer is FSE-financed)', () => {
  const departement = { label: 'Département', value: 'departement', uri: '/logos/departement.svg', required: false }

  it('adds the FSE logo when financingModes contains fse', () => {
    const logos = withMandatoryLogos([departement], ['fse', 'departement'])
    expect(logos).toHaveLength(2)
    expect(logos).toContainEqual(departement)
    expect(logos.filter((l) => l.value === 'fse')).toEqual([FSE_LOGO])
    expect(FSE_LOGO).toMatchObject({ value: 'fse', required: true })
    expect(FSE_LOGO.label.trim()).not.toBe('')
    expect(FSE_LOGO.uri.trim()).not.toBe('')
  })

  it('adds it to an empty list too', () => {
    expect(withMandatoryLogos([], ['fse'])).toEqual([FSE_LOGO])
  })

  it('adds nothing when the offer is not FSE-financed', () => {
    expect(withMandatoryLogos([departement], ['departement', 'etat'])).toEqual([departement])
    expect(withMandatoryLogos([], [])).toEqual([])
  })

  it('never duplicates the FSE logo, however many times it is applied', () => {
    const ownFse = { label: 'FSE+', value: 'fse', uri: '/logos/fse-own.svg', required: true }
    expect(withMandatoryLogos([ownFse, departement], ['fse'])).toEqual([ownFse, departement])
    const once = withMandatoryLogos([departement], ['fse'])
    const twice = withMandatoryLogos(once, ['fse'])
    expect(twice.filter((l) => l.value === 'fse')).toHaveLength(1)
    expect(twice).toHaveLength(2)
  })

  it('does not modify the list it is given', () => {
    const logos = [departement]
    withMandatoryLogos(logos, ['fse'])
    expect(logos).toEqual([departement])
  })
})

describe('fieldErrorsOf', () => {
  it('keys the first message of each field by its dotted path', () => {
    const result = fupAnswerSchema.safeParse(refused(null, {}))
    const withBadEmail = fupAnswerSchema.safeParse(
      answer({ partnerDecision: undefined }, { email: 'x', accompanierName: '' }),
    )
    expect(result.success).toBe(false)
    expect(withBadEmail.success).toBe(false)
    expect(fieldErrorsOf(result.error!)).toEqual({ [`${DECISION}.cause`]: SPEC.cause })
    const errors = fieldErrorsOf(withBadEmail.error!)
    expect(errors['partnerFeedback.email']).toBe(SPEC.email)
    expect(errors['partnerFeedback.accompanierName']).toBe(SPEC.accompanier)
    expect(errors[`${DECISION}.partnerDecision`]).toBe(SPEC.decision)
  })
})

describe('FUP_MESSAGES', () => {
  it('holds the six messages of spec §5 verbatim', () => {
    expect(FUP_MESSAGES).toMatchObject({
      partnerDecisionRequired: SPEC.decision,
      causeRequired: SPEC.cause,
      accompanierNameRequired: SPEC.accompanier,
      partnerNameRequired: SPEC.partnerName,
      emailFormat: SPEC.email,
      phoneIncomplete: SPEC.phone,
    })
  })

  // Regression test (fixed): the value is checked as the spec and a partner expect.
  it('refuses a too long address in French', () => {
    const messages = messagesAt(answer({}, { address: 'x'.repeat(501) }), 'partnerFeedback.address')
    expect(messages).toHaveLength(1)
    expect(messages[0]).not.toMatch(/too big|expected|characters/i)
  })

  it('every message the schema produces on a messy answer is French', () => {
    const messy = {
      partnerFeedback: {
        accompanierName: 3,
        name: null,
        email: 42,
        phone: '1',
        decision: { partnerDecision: 'notIntegrated', cause: 'zzz', firstConvocation: 'x' },
      },
      sponsorsLogo: [{}],
    }
    const messages = allMessages(messy)
    expect(messages.length).toBeGreaterThan(0)
    for (const m of messages) expect(m).not.toMatch(/invalid|expected|unrecognized/i)
  })
})
