/** Refusal causes of spec §4. The spec shows no stored codes; these are ours, and their labels live in messages/fr.json. */
export const REFUSAL_CAUSES = [
  'noLongerRsa',
  'hasJob',
  'outsideTerritory',
  'hasMoved',
  'noAnswerToConvocations',
  'beneficiaryRefusal',
] as const
export type RefusalCause = (typeof REFUSAL_CAUSES)[number]

export const CAUSE_LABELS: Record<RefusalCause, string> = {
  noLongerRsa: 'N’est plus dans le dispositif RSA',
  hasJob: 'A retrouvé un emploi',
  outsideTerritory: 'Hors territoire',
  hasMoved: 'A déménagé',
  noAnswerToConvocations: 'N’a pas répondu aux 3 convocations',
  beneficiaryRefusal: 'Refus du bénéficiaire',
}

/** Spec §3: the cause label, or '-' when the code is unknown. */
export function causeLabel(code: string | null | undefined): string {
  return code && Object.hasOwn(CAUSE_LABELS, code) ? CAUSE_LABELS[code as RefusalCause] : '-'
}
