/** The variables a template may hold (/v2/settings/templates), filled per candidate when a message is written. */
export const TEMPLATE_VARIABLES = {
  prenom: 'Prénom du candidat',
  nom: 'Nom du candidat',
  referent: 'Prénom et nom de son référent',
  organisation: 'Nom de votre organisation',
  telephone_referent: 'Téléphone de son référent',
} as const
export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES
export type TemplateValues = Record<TemplateVariable, string>

const VARIABLE = /\{([^{}\s]*)\}/g

/** The `{…}` of a text that are not variables, each once, as written. */
export function unknownVariables(text: string, allowed: Record<string, string> = TEMPLATE_VARIABLES): string[] {
  const unknown = new Set<string>()
  for (const match of text.matchAll(VARIABLE)) if (!Object.hasOwn(allowed, match[1]!)) unknown.add(match[0])
  return [...unknown]
}

/** The text with each variable replaced by its value; an unknown one stays as written (it is refused on save). */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as TemplateVariable] : whole))
}

export const variablesList = () =>
  Object.keys(TEMPLATE_VARIABLES)
    .map((v) => `{${v}}`)
    .join(', ')
