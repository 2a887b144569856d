/** The French label of each candidate field: the form's labels and the history's "changed fields". */
export const CANDIDATE_FIELD_LABELS = {
  firstName: 'Prénom',
  lastName: 'Nom',
  gender: 'Genre',
  birthDate: 'Date de naissance',
  phone: 'Téléphone',
  email: 'Email',
  socialSecurityNumber: 'Numéro de sécurité sociale (NIR)',
  addressFormatted: 'Adresse',
  addressIsQpv: 'Quartier prioritaire de la ville (QPV)',
  cafNumber: 'Numéro CAF',
  poleEmploiNumber: 'Identifiant France Travail',
  placeId: 'Lieu de résidence',
  statusId: 'Statut',
  referentId: 'Référent',
} as const

export type CandidateField = keyof typeof CANDIDATE_FIELD_LABELS
export const CANDIDATE_FIELDS = Object.keys(CANDIDATE_FIELD_LABELS) as CandidateField[]
