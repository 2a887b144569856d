import type { ReadKind } from './record-read'

/** Each kind of read as the administrators' "Consultations" name it (screens, CSV, the access export). */
export const READ_KIND_LABELS: Record<ReadKind, string> = {
  'candidate.sheet': 'Fiche – vue d’ensemble',
  'candidate.identity': 'Fiche – identité',
  'candidate.situation': 'Fiche – situation',
  'candidate.diagnosis': 'Fiche – diagnostic',
  'candidate.prescriptions': 'Fiche – prescriptions',
  'candidate.employment': 'Fiche – emploi',
  'candidate.workshops': 'Fiche – ateliers',
  'candidate.courses': 'Fiche – parcours',
  'candidate.sms': 'Fiche – SMS',
  'candidate.history': 'Fiche – historique',
  'candidate.nir': 'Numéro de sécurité sociale affiché',
  'fup.dialog': 'Prescription ouverte par un partenaire (fiche de liaison)',
  'fup.link': 'Prescription ouverte depuis le lien envoyé à une structure sans compte',
  'fup.pdf': 'Document de prescription téléchargé (PDF)',
  export: 'Export de données',
  'candidate.access-export': 'Export du droit d’accès',
}
