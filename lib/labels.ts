/** French labels of stored codes: roles and field types (the settings screens), a person's gender (sheets, exports). */
export const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrateur',
  referent: 'Référent RSA',
  counsellor: 'Conseiller',
  fullPartner: 'Partenaire',
}

export const FIELD_TYPE_LABELS: Record<string, string> = {
  number: 'Nombre',
  text: 'Texte',
  bool: 'Oui / non',
  date: 'Date',
  list: 'Liste',
  listMultiple: 'Liste à choix multiples',
}

export const GENDER_LABELS: Record<string, string> = { F: 'Femme', M: 'Homme' }
