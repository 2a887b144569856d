import { formatNumber } from '@/lib/numbers'

/** Limits and French messages of the candidates import, shared by the route handlers, the screen and the tests. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** Beyond this, a file is refused before any validation (the target is 10 000 rows; twice that still fits the memory budget). */
export const IMPORT_MAX_ROWS = 20_000
/** Rows per multi-row INSERT. */
export const IMPORT_BATCH_SIZE = 1000

export const IMPORT_MESSAGES = {
  noFile: 'Choisissez un fichier CSV ou Excel (.xlsx) à importer.',
  tooLarge: 'Le fichier dépasse la taille maximale de 10 Mo. Découpez-le en plusieurs fichiers.',
  unsupported: 'Ce format n’est pas pris en charge\u00a0: choisissez un fichier CSV ou Excel (.xlsx).',
  empty: 'Le fichier est vide\u00a0: il doit contenir une ligne d’en-tête puis une ligne par candidat.',
  headerOnly: 'Le fichier ne contient que la ligne d’en-tête\u00a0: ajoutez une ligne par candidat.',
  tooManyRows: `Le fichier contient plus de ${formatNumber(IMPORT_MAX_ROWS)} lignes\u00a0: découpez-le en plusieurs fichiers.`,
  unreadableCsv: (line: number) =>
    `Le fichier CSV est mal formé à la ligne ${line} (guillemet non fermé ou nombre de colonnes incohérent).`,
  unreadableXlsx: 'Le fichier Excel n’a pas pu être lu\u00a0: enregistrez-le au format .xlsx et réessayez.',
  xlsxTooLarge:
    'Le fichier Excel est trop volumineux une fois décompressé\u00a0: enregistrez-le au format CSV ou découpez-le en plusieurs fichiers.',
  mappingInvalid: 'La correspondance des colonnes n’est pas valide\u00a0: rechargez le fichier.',
  mappingDuplicate: (label: string) =>
    `La colonne «\u00a0${label}\u00a0» est associée à plusieurs colonnes du fichier.`,
  mappingMissing: 'Associez au moins les colonnes «\u00a0Nom\u00a0» et «\u00a0Prénom\u00a0».',
  forbidden: 'Vous n’avez pas la permission d’importer des candidats.',
  failed: 'L’import a échoué\u00a0: aucun candidat n’a été enregistré. Réessayez ou contactez l’assistance.',
  allOrNothingBlocked: (invalid: number) =>
    `Aucun candidat n’a été importé\u00a0: ${formatNumber(invalid)} ligne${invalid > 1 ? 's' : ''} ${invalid > 1 ? 'comportent' : 'comporte'} des erreurs et vous avez choisi «\u00a0Tout ou rien\u00a0».`,
  placeUnknown: (label: string) =>
    `Le lieu de résidence «\u00a0${label}\u00a0» n’existe pas dans les réglages de l’organisation`,
  statusUnknown: (label: string) => `Le statut «\u00a0${label}\u00a0» n’existe pas dans les réglages de l’organisation`,
  referentUnknown: (email: string) => `Aucun référent actif de l’organisation n’a l’adresse «\u00a0${email}\u00a0»`,
  qpvInvalid: 'La colonne «\u00a0QPV\u00a0» doit valoir «\u00a0oui\u00a0» ou «\u00a0non\u00a0»',
  duplicateInFile: (line: number) =>
    `Doublon de la ligne ${line} du fichier (même NIR, ou mêmes nom, prénom et date de naissance)`,
  duplicateExisting:
    'Ce candidat existe déjà dans l’organisation (même NIR, ou mêmes nom, prénom et date de naissance)',
} as const
