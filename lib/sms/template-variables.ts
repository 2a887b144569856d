import { fullName } from '@/lib/person-name'

/** The variables a template may hold (/v2/settings/templates), filled per candidate when a message is written. */
export const TEMPLATE_VARIABLES = {
  prenom: 'Prénom du candidat',
  nom: 'Nom du candidat',
  referent: 'Prénom et nom de son référent',
  organisation: 'Nom de votre organisation',
  telephone_referent: 'Téléphone de son référent',
  expediteur: 'Prénom et nom de la personne qui envoie',
  telephone_expediteur: 'Téléphone de la personne qui envoie',
} as const
export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES
export type TemplateValues = Record<TemplateVariable, string>

type Person = { firstName: string; lastName: string | null; phone: string | null }

export type TemplateSources = {
  candidate: { firstName: string; lastName: string }
  /** The candidate's referent, if any. */
  referent: Person | null
  /** The person who sends; null for the app's own messages (a workshop's notices). */
  sender: Person | null
  organisationName: string
}

/**
 * The one filling of a template's variables, for the composer's preview, the single send, the bulk send and the
 * workshops' notices alike. {referent} is the candidate's referent (without one, the person who sends, who is then
 * the one to answer); {expediteur} is the person who sends (the organisation, for the app's own messages).
 */
export function templateValues(s: TemplateSources): TemplateValues {
  const referent = s.referent ?? s.sender
  return {
    prenom: s.candidate.firstName,
    nom: s.candidate.lastName,
    referent: referent ? fullName(referent) : '',
    organisation: s.organisationName,
    telephone_referent: referent?.phone ?? '',
    expediteur: s.sender ? fullName(s.sender) : s.organisationName,
    telephone_expediteur: s.sender?.phone ?? referent?.phone ?? '',
  }
}

const VARIABLE = /\{([^{}\s]*)\}/g

/** The `{…}` of a text that are not variables, each once, as written. */
export function unknownVariables(text: string, allowed: Record<string, string> = TEMPLATE_VARIABLES): string[] {
  const unknown = new Set<string>()
  for (const match of text.matchAll(VARIABLE)) if (!Object.hasOwn(allowed, match[1]!)) unknown.add(match[0])
  return [...unknown]
}

/** The text with each variable replaced by its value; an unknown one stays as written (it is refused on save). */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as TemplateVariable] : whole,
  )
}

export const variablesList = () =>
  Object.keys(TEMPLATE_VARIABLES)
    .map((v) => `{${v}}`)
    .join(', ')
