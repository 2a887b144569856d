/**
 * The diagnosis questionnaire's choices, the situations of each kind of barrier, the answers' shape and the
 * comparison of two diagnoses. Pure and without zod, so that the person's questionnaire (a phone) downloads only this;
 * the schemas are in questionnaire.ts.
 */

type Choice<V extends string = string> = { value: V; label: string; simple: string }
const choices = <V extends string>(list: readonly Choice<V>[]) => list

/** `simple`: the words of the person's questionnaire (short sentences, everyday words). */
export const PROFESSIONAL_SITUATIONS = choices([
  { value: 'unemployed', label: 'Sans emploi', simple: 'Je n’ai pas de travail' },
  { value: 'partTime', label: 'En emploi à temps partiel', simple: 'Je travaille à temps partiel' },
  { value: 'precarious', label: 'En emploi précaire (intérim, CDD court)', simple: 'Je fais des missions courtes' },
  { value: 'training', label: 'En formation', simple: 'Je suis en formation' },
  { value: 'other', label: 'Autre', simple: 'Autre chose' },
] as const)
export const RQTH = choices([
  { value: 'yes', label: 'Oui', simple: 'Oui' },
  { value: 'pending', label: 'Demande en cours', simple: 'J’ai fait la demande' },
  { value: 'no', label: 'Non', simple: 'Non' },
] as const)
export const TRAINING_LEVELS = choices([
  { value: 'none', label: 'Sans diplôme', simple: 'Je n’ai pas de diplôme' },
  { value: 'level3', label: 'CAP, BEP (niveau 3)', simple: 'CAP ou BEP' },
  { value: 'level4', label: 'Baccalauréat (niveau 4)', simple: 'Le bac' },
  { value: 'level5', label: 'Bac + 2 (niveau 5)', simple: 'Bac + 2' },
  { value: 'level6', label: 'Bac + 3 et plus (niveau 6 et plus)', simple: 'Bac + 3 ou plus' },
] as const)
export const EXPERIENCE = choices([
  { value: 'none', label: 'Aucune', simple: 'Je n’ai jamais travaillé' },
  { value: 'lessThanYear', label: 'Moins d’un an', simple: 'Moins d’un an' },
  { value: 'oneToFive', label: 'De 1 à 5 ans', simple: 'De 1 à 5 ans' },
  { value: 'moreThanFive', label: 'Plus de 5 ans', simple: 'Plus de 5 ans' },
] as const)
export const DRIVING_LICENCE = choices([
  { value: 'none', label: 'Pas de permis', simple: 'Je n’ai pas le permis' },
  { value: 'learning', label: 'Permis en cours', simple: 'Je passe le permis' },
  { value: 'noVehicle', label: 'Permis B, sans véhicule', simple: 'J’ai le permis, mais pas de voiture' },
  { value: 'vehicle', label: 'Permis B et véhicule', simple: 'J’ai le permis et une voiture' },
] as const)
export const AVAILABILITY = choices([
  { value: 'now', label: 'Immédiate', simple: 'Tout de suite' },
  { value: 'month', label: 'Sous un mois', simple: 'Dans moins d’un mois' },
  { value: 'later', label: 'Plus tard', simple: 'Plus tard' },
] as const)

/** A barrier's level: the four, and the person's words. */
export const LEVELS = choices([
  { value: 'none', label: 'Aucun', simple: 'Non, ça va' },
  { value: 'light', label: 'Léger', simple: 'Un peu' },
  { value: 'important', label: 'Important', simple: 'Oui, beaucoup' },
  { value: 'blocking', label: 'Bloquant', simple: 'Oui, ça m’empêche de travailler' },
] as const)
export type Level = (typeof LEVELS)[number]['value']
const LEVEL_RANK: Record<Level, number> = { none: 0, light: 1, important: 2, blocking: 3 }
export const levelLabel = (level: Level) => LEVELS.find((l) => l.value === level)!.label
export const isBarrier = (level: Level | undefined) => !!level && LEVEL_RANK[level] > 0

/**
 * The situations that may apply, by the challenge's main tag (the product's challenges, drizzle/0023). A challenge an
 * organisation made itself has none: its level and comment say it.
 */
export const SITUATIONS: Record<string, readonly string[]> = {
  mobilite: [
    'Pas de permis de conduire',
    'Pas de véhicule',
    'Pas de transport en commun proche',
    'Déplacements trop chers',
  ],
  'logement-hebergement': [
    'Sans logement',
    'Hébergé(e) chez un tiers',
    'Logement trop cher',
    'Logement insalubre ou trop petit',
    'Menace d’expulsion',
  ],
  sante: ['Problème de santé qui limite le travail', 'Pas de suivi médical', 'Souffrance psychique', 'Addiction'],
  famille: ['Pas de mode de garde', 'Parent seul', 'Proche à charge'],
  numerique: [
    'Pas d’ordinateur ni de smartphone',
    'Pas d’accès à internet',
    'Ne sait pas utiliser les outils numériques',
    'Pas d’adresse email',
  ],
  'difficultes-financieres': ['Dettes', 'Revenus insuffisants', 'Pas de compte bancaire'],
  'difficultes-administratives-ou-juridiques': [
    'Papiers d’identité ou titre de séjour',
    'Droits non ouverts (CAF, assurance maladie…)',
    'Démarches en retard',
  ],
  'lecture-ecriture-calcul': [
    'Difficultés à lire ou à écrire',
    'Parle peu le français',
    'Difficultés avec les calculs',
  ],
  'se-former': ['Pas de qualification', 'Formation souhaitée', 'Diplôme étranger non reconnu'],
  'trouver-un-emploi': ['Pas de CV', 'Projet professionnel à construire', 'Longtemps sans emploi'],
  handicap: ['RQTH à demander', 'Poste de travail à adapter'],
  'equipement-et-alimentation': ['Difficultés pour se nourrir', 'Pas de tenue ni d’équipement de travail'],
  remobilisation: ['Isolement', 'Perte de confiance en soi'],
  'creation-activite': ['Projet de création d’entreprise', 'Besoin d’un financement'],
}
export const situationsOf = (tags: readonly string[]) => SITUATIONS[tags[0] ?? ''] ?? []

type Value<L extends readonly { value: string }[]> = L[number]['value']

/** The project's answers (null: not answered). */
export type Project = {
  job: string
  romeCode: string | null
  situation: Value<typeof PROFESSIONAL_SITUATIONS> | null
  rqth: Value<typeof RQTH> | null
  trainingLevel: Value<typeof TRAINING_LEVELS> | null
  lastJobEndedOn: string | null
  experience: Value<typeof EXPERIENCE> | null
  drivingLicence: Value<typeof DRIVING_LICENCE> | null
  availability: Value<typeof AVAILABILITY> | null
}
/** One barrier, with its challenge's name and tags as they read when it was written. */
export type Barrier = {
  challengeId: string
  level: Level
  situations: string[]
  comment: string
  name: string
  tags: string[]
}
export type DiagnosisAnswers = { project: Project; barriers: Barrier[] }

/** What changed since the previous diagnosis: barriers lifted (present before, gone now) and new ones. */
export function compareBarriers(previous: readonly Barrier[], latest: readonly Barrier[]) {
  const key = (b: Barrier) => b.challengeId
  const before = new Map(previous.filter((b) => isBarrier(b.level)).map((b) => [key(b), b]))
  const now = new Map(latest.filter((b) => isBarrier(b.level)).map((b) => [key(b), b]))
  return {
    lifted: [...before.values()].filter((b) => !now.has(key(b))).map((b) => b.name),
    added: [...now.values()].filter((b) => !before.has(key(b))).map((b) => b.name),
    changed: [...now.values()]
      .filter((b) => before.has(key(b)) && before.get(key(b))!.level !== b.level)
      .map((b) => ({ name: b.name, from: before.get(key(b))!.level, to: b.level })),
  }
}

/** The barriers found (some level), the heaviest first. */
export const barriersFound = (barriers: readonly Barrier[]) =>
  barriers
    .filter((b) => isBarrier(b.level))
    .sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level] || a.name.localeCompare(b.name, 'fr'))

export const choiceLabel = <V extends string>(list: readonly Choice<V>[], value: V | null | undefined) =>
  value ? (list.find((c) => c.value === value)?.label ?? '') : ''
