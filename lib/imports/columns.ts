import { fold, type CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { IMPORT_MESSAGES } from './messages'

/** Where a column of the file goes: a candidate field, a custom field ('custom:<key>') or nowhere (''). */
export type ColumnTarget = string
export type ImportField = { key: string; label: string }

/** The candidate fields a column can fill, with the header names (French and English) recognised for each. */
const STANDARD_FIELDS: (ImportField & { synonyms: string[] })[] = [
  {
    key: 'lastName',
    label: 'Nom',
    synonyms: [
      'nom',
      'nom de famille',
      'nom d usage',
      'nom de naissance',
      'last name',
      'lastname',
      'surname',
      'family name',
    ],
  },
  { key: 'firstName', label: 'Prénom', synonyms: ['prenom', 'prenoms', 'first name', 'firstname', 'given name'] },
  {
    key: 'birthDate',
    label: 'Date de naissance',
    synonyms: [
      'date de naissance',
      'naissance',
      'ne le',
      'nee le',
      'ne e le',
      'date naissance',
      'birth date',
      'birthdate',
      'date of birth',
      'dob',
    ],
  },
  { key: 'gender', label: 'Genre', synonyms: ['genre', 'sexe', 'civilite', 'gender', 'sex'] },
  {
    key: 'phone',
    label: 'Téléphone',
    synonyms: [
      'telephone',
      'tel',
      'portable',
      'mobile',
      'numero de telephone',
      'n de telephone',
      'phone',
      'phone number',
    ],
  },
  {
    key: 'email',
    label: 'Email',
    synonyms: [
      'email',
      'e mail',
      'mail',
      'courriel',
      'adresse email',
      'adresse e mail',
      'adresse mail',
      'adresse electronique',
      'email address',
    ],
  },
  {
    key: 'socialSecurityNumber',
    label: 'NIR (numéro de sécurité sociale)',
    synonyms: [
      'nir',
      'numero de securite sociale',
      'n de securite sociale',
      'securite sociale',
      'numero ss',
      'n ss',
      'social security number',
      'ssn',
    ],
  },
  {
    key: 'cafNumber',
    label: 'Numéro CAF',
    synonyms: [
      'caf',
      'numero caf',
      'n caf',
      'numero allocataire',
      'numero allocataire caf',
      'allocataire caf',
      'caf number',
    ],
  },
  {
    key: 'poleEmploiNumber',
    label: 'Identifiant France Travail',
    synonyms: [
      'identifiant france travail',
      'france travail',
      'id france travail',
      'numero france travail',
      'identifiant pole emploi',
      'pole emploi',
      'id pole emploi',
      'numero pole emploi',
      'france travail id',
      'pole emploi number',
      'pole emploi id',
    ],
  },
  { key: 'addressFormatted', label: 'Adresse', synonyms: ['adresse', 'adresse postale', 'address', 'postal address'] },
  {
    key: 'addressIsQpv',
    label: 'QPV',
    synonyms: ['qpv', 'quartier prioritaire', 'adresse en qpv', 'quartier prioritaire de la ville'],
  },
  {
    key: 'place',
    label: 'Lieu de résidence',
    synonyms: ['lieu de residence', 'residence', 'lieu', 'commune', 'ville', 'place', 'place of residence', 'city'],
  },
  { key: 'status', label: 'Statut', synonyms: ['statut', 'status', 'etat', 'situation'] },
  {
    key: 'referent',
    label: 'Référent (email)',
    synonyms: [
      'referent',
      'referent email',
      'email du referent',
      'email referent',
      'courriel du referent',
      'referent e mail',
      'referent email address',
    ],
  },
]

/** Header text → comparable key: no accents, case, punctuation or repeated spaces. */
export function headerKey(header: string): string {
  return fold(header)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** The targets offered for a column, standard fields first, then the organisation's custom fields by label. */
export function importFields(customFields: CustomFieldDefinition[]): ImportField[] {
  return [
    ...STANDARD_FIELDS.map(({ key, label }) => ({ key, label })),
    ...customFields.map((d) => ({ key: `custom:${d.key}`, label: d.label })),
  ]
}

/** A first guess at each column's target from its header; each target is given to one column at most (the first). */
export function guessMapping(headers: string[], customFields: CustomFieldDefinition[]): ColumnTarget[] {
  const byKey = new Map<string, string>()
  for (const f of STANDARD_FIELDS) for (const s of f.synonyms) byKey.set(s, f.key)
  for (const d of customFields) {
    byKey.set(headerKey(d.label), `custom:${d.key}`)
    if (!byKey.has(headerKey(d.key))) byKey.set(headerKey(d.key), `custom:${d.key}`)
  }
  const taken = new Set<string>()
  return headers.map((h) => {
    const target = byKey.get(headerKey(h)) ?? ''
    if (!target || taken.has(target)) return ''
    taken.add(target)
    return target
  })
}

/** The mapping the person sent back: one known target (or '') per column, none twice, names mapped. */
export function checkMapping(
  mapping: unknown,
  headers: string[],
  customFields: CustomFieldDefinition[],
): { ok: true; mapping: ColumnTarget[] } | { ok: false; error: string } {
  if (!Array.isArray(mapping) || mapping.length !== headers.length || !mapping.every((m) => typeof m === 'string'))
    return { ok: false, error: IMPORT_MESSAGES.mappingInvalid }
  const fields = importFields(customFields)
  const seen = new Set<string>()
  for (const target of mapping as string[]) {
    if (!target) continue
    const field = fields.find((f) => f.key === target)
    if (!field) return { ok: false, error: IMPORT_MESSAGES.mappingInvalid }
    if (seen.has(target)) return { ok: false, error: IMPORT_MESSAGES.mappingDuplicate(field.label) }
    seen.add(target)
  }
  if (!seen.has('lastName') || !seen.has('firstName')) return { ok: false, error: IMPORT_MESSAGES.mappingMissing }
  return { ok: true, mapping: mapping as ColumnTarget[] }
}
