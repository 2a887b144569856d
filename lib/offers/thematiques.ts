/**
 * The data·inclusion thématiques an offer's tags are made of (its top-level categories, the current ones and those of
 * its earlier schema that imported offers still carry), with their names in the référentiel (in French typography:
 * 'et' for '&', no capital inside). An administrator reads these names, never the identifiers (challenges, too, show names, not slugs).
 */
export const THEMATIQUES: readonly { value: string; label: string }[] = [
  { value: 'acces-aux-droits-et-citoyennete', label: 'Accès aux droits et citoyenneté' },
  {
    value: 'accompagnement-social-et-professionnel-personnalise',
    label: 'Accompagnement social et professionnel personnalisé',
  },
  { value: 'apprendre-francais', label: 'Apprendre le français' },
  { value: 'choisir-un-metier', label: 'Choisir un métier' },
  { value: 'creation-activite', label: 'Création d’activité' },
  { value: 'creer-une-entreprise', label: 'Créer une entreprise' },
  { value: 'difficultes-administratives-ou-juridiques', label: 'Difficultés administratives ou juridiques' },
  { value: 'difficultes-financieres', label: 'Difficultés financières' },
  { value: 'equipement-et-alimentation', label: 'Équipement et alimentation' },
  { value: 'famille', label: 'Famille' },
  { value: 'gestion-financiere', label: 'Gestion financière' },
  { value: 'handicap', label: 'Handicap' },
  { value: 'illettrisme', label: 'Illettrisme' },
  { value: 'lecture-ecriture-calcul', label: 'Lecture, écriture et calcul' },
  { value: 'logement-hebergement', label: 'Logement et hébergement' },
  { value: 'mobilite', label: 'Mobilité' },
  { value: 'numerique', label: 'Numérique' },
  { value: 'preparer-sa-candidature', label: 'Préparer sa candidature' },
  { value: 'remobilisation', label: 'Remobilisation' },
  { value: 'sante', label: 'Santé' },
  { value: 'se-former', label: 'Se former' },
  { value: 'souvrir-a-linternational', label: 'S’ouvrir à l’international' },
  { value: 'trouver-un-emploi', label: 'Trouver un emploi' },
]

const BY_VALUE = new Map(THEMATIQUES.map((t) => [t.value, t.label]))
const normal = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’']/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase()
const BY_LABEL = new Map(THEMATIQUES.map((t) => [normal(t.label), t.value]))

/** The thématique's name, or null for a tag of the organisation's own (not in the référentiel). */
export function thematiqueLabel(tag: string): string | null {
  return BY_VALUE.get(tag) ?? null
}

/** The thématique an administrator typed by its name (accents and case aside), or null. */
export function thematiqueOfLabel(text: string): string | null {
  return BY_LABEL.get(normal(text)) ?? null
}

/** A tag as data·inclusion writes its thématiques: lower case, no accents, words joined by dashes. */
export function tagOf(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
}
