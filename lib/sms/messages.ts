import { MAX_SEGMENTS } from './segments'
import { variablesList } from './template-variables'

/** The SMS module's French messages: the composer, the bulk send, the templates and the server actions share them. */
export const SMS_MESSAGES = {
  empty: 'Écrivez le message avant de l’envoyer.',
  tooLong: (segments: number) => `Le message compte ${segments} SMS\u00a0: ${MAX_SEGMENTS} au plus. Raccourcissez-le.`,
  tooLongRaw: 'Le message est trop long.',
  unknownVariables: (list: string[]) =>
    `${list.length > 1 ? 'Ces variables n’existent pas' : 'Cette variable n’existe pas'} : ${list.join(', ')}. Variables possibles : ${variablesList()}.`,
  optedOut: 'Ce candidat a demandé à ne plus recevoir de SMS\u00a0: aucun message ne peut lui être envoyé.',
  notFound: 'Ce candidat est introuvable.',
  templateNotFound: 'Ce modèle est introuvable.',
  scheduleInvalid: 'La date d’envoi n’est pas valide.',
  schedulePast: 'La date d’envoi est passée\u00a0: choisissez une date à venir.',
  scheduleTooFar: 'La date d’envoi doit être dans moins d’un an.',
  notAllowed: 'Vous ne pouvez pas envoyer de SMS.',
  unexpected: 'Le SMS n’a pas pu être enregistré. Réessayez dans un instant.',
  templateNameRequired: 'Le nom du modèle est obligatoire.',
  templateNameTooLong: 'Le nom du modèle ne doit pas dépasser 100 caractères.',
  templateNameTaken: 'Un modèle porte déjà ce nom.',
  noSelection: 'Sélectionnez au moins un candidat.',
  cannotCancel: 'Ce SMS est déjà parti\u00a0: il ne peut plus être annulé.',
} as const
