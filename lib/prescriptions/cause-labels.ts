/** Refusal causes of spec §4. The spec shows no stored codes; these are ours. An organisation may rename, disable or add causes. */
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

/** A cause code as stored: the defaults' names, or 'org-…' for an organisation's own. */
export const CAUSE_CODE = /^[A-Za-z0-9-]{1,60}$/

/** Spec §3: the cause label — the organisation's own where it renamed or added it — or '-' when the code is unknown. */
export function causeLabel(code: string | null | undefined, labels?: Record<string, string>): string {
  if (!code) return '-'
  if (labels && Object.hasOwn(labels, code)) return labels[code]!
  return Object.hasOwn(CAUSE_LABELS, code) ? CAUSE_LABELS[code as RefusalCause] : '-'
}
