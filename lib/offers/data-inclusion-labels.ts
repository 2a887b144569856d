/**
 * The French labels data·inclusion gives its enumerated values, v1 first then v0 (profils are v0's publics).
 * Copied from gip-inclusion/data-inclusion-schema, schemas/v1/extra/{frais,publics,modes-accueil}.json and, before v0
 * was dropped, schemas/v0/extra/{frais,profils,modes-accueil}.json; lib/offers/data-inclusion-labels.test.ts checks them
 * against those files (tests/fixtures/data-inclusion/referentiels/). An unknown value is shown as the file gives it.
 */
export const FRAIS_LABELS: Record<string, string> = {
  gratuit: 'Gratuit',
  payant: 'Payant',
  adhesion: 'Adhésion',
  'gratuit-sous-conditions': 'Gratuit sous conditions',
  'pass-numerique': 'Accepte le pass numérique',
}

export const PUBLICS_LABELS: Record<string, string> = {
  actifs: 'Actifs',
  'beneficiaires-des-minimas-sociaux': 'Bénéficiaires des minimas sociaux',
  'demandeurs-emploi': 'Demandeurs d’emploi',
  etudiants: 'Étudiants',
  familles: 'Familles',
  femmes: 'Femmes',
  jeunes: 'Jeunes',
  'personnes-en-situation-de-handicap': 'Personnes en situation de handicap',
  'personnes-en-situation-durgence': 'Personnes en situation d’urgence',
  'personnes-en-situation-juridique-specifique': 'Personnes en situation juridique spécifique',
  'personnes-exilees': 'Personnes exilées',
  'residents-qpv-frr': 'Résidents en QPV ou FRR',
  seniors: 'Séniors',
  'tous-publics': 'Tous publics',
  adultes: 'Adultes',
  alternants: 'Alternants',
  'beneficiaires-rsa': 'Bénéficiaires du Revenu de Solidarité Active (RSA)',
  'deficience-visuelle': 'Déficience visuelle',
  'demandeurs-demploi': 'Demandeurs ou demandeuses d’emploi',
  'familles-enfants': 'Familles/enfants',
  'handicaps-mentaux': 'Handicaps mentaux : déficiences limitant les activités d’une personne',
  'handicaps-psychiques':
    'Handicaps psychiques : troubles psychiatriques donnant lieu à des atteintes comportementales',
  'jeunes-16-26': 'Jeunes (16-26 ans)',
  locataires: 'Locataires',
  'personnes-de-nationalite-etrangere': 'Personnes de nationalité étrangère',
  'personnes-en-situation-illettrisme': 'Personnes en situation d’illettrisme',
  'personnes-handicapees': 'Personnes handicapées',
  proprietaires: 'Propriétaires',
  'public-langues-etrangeres': 'Public langues étrangères',
  retraites: 'Retraités',
  salaries: 'Salariés',
  'sans-domicile-fixe': 'Sans domicile fixe',
  'seniors-65': 'Seniors (+ 65 ans)',
  'sortants-de-detention': 'Sortants de détention',
  surdite: 'Surdité',
  victimes: 'Victimes',
}

export const MODES_ACCUEIL_LABELS: Record<string, string> = {
  'a-distance': 'À distance',
  'en-presentiel': 'En présentiel',
}

export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value
