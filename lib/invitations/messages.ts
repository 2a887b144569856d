import { z } from 'zod'
import { lineText } from '@/lib/text/safe-text'

export const INVITATION_CHANNELS = ['sms', 'mail', 'letter'] as const
export type InvitationChannel = (typeof INVITATION_CHANNELS)[number]
export const CHANNEL_LABELS: Record<InvitationChannel, string> = { sms: 'SMS', mail: 'e-mail', letter: 'courrier' }

/** The default validity of an invitation (days), and its least: below 4 days a letter may arrive too late. */
export const DEFAULT_VALIDITY_DAYS = 10
export const MIN_VALIDITY_DAYS = 4
/** 5 wrong names in a row lock the link for 15 minutes. */
export const NAME_CHECK_TRIES = 5
export const NAME_CHECK_LOCK_MINUTES = 15
/** A booking may be moved or cancelled from the link until this many hours before its session. */
export const CHANGE_NOTICE_HOURS = 24

export const INVITATION_MESSAGES = {
  noTheme: 'Choisissez un thème d’ateliers.',
  unknownTheme: 'Aucun atelier à venir n’a ce thème.',
  noChannel: 'Choisissez au moins un moyen d’envoi.',
  noCandidate: 'Choisissez au moins un candidat.',
  candidateUnknown: 'Un des candidats choisis est introuvable.',
  stepUnknown: 'Cette étape de parcours est introuvable.',
  noSeat: (days: number | null) =>
    days === null
      ? 'Aucune place disponible pour cet atelier'
      : `Aucune place disponible pour cet atelier dans les ${days} prochains jours`,
  pending: 'a déjà une invitation en attente pour ce thème',
  registered: 'est déjà inscrit à une séance à venir de ce thème',
  noMobile: 'n’a pas de numéro de mobile qui reçoive les SMS',
  optedOut: 'a refusé les SMS (STOP)',
  noEmail: 'n’a pas d’adresse e-mail',
  noAddress: 'n’a pas d’adresse postale',
  recent: (channel: InvitationChannel) =>
    `a déjà reçu une invitation par ${CHANNEL_LABELS[channel]} ces dernières 24 heures`,
  // The person's page (signed out).
  codeInvalid: 'Ce code n’est pas valable. Vérifiez-le sur votre courrier ou votre SMS\u00a0: 8 lettres et chiffres.',
  codeUnknown: 'Aucune invitation ne correspond à ce code.',
  nameWrong: (left: number) => `Ces lettres ne correspondent pas. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`,
  nameLocked: (minutes: number) =>
    `Trop d’essais. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}, ou appelez la structure qui vous a invité.`,
  nameFormat: 'Tapez les trois premières lettres de votre nom de famille.',
  checkFirst: 'Tapez d’abord les trois premières lettres de votre nom.',
  sessionGone: 'Cette séance n’a plus de place. Choisissez-en une autre.',
  sessionUnknown: 'Choisissez une des séances proposées.',
  tooLate: `Cette séance commence dans moins de ${CHANGE_NOTICE_HOURS} heures\u00a0: appelez la structure pour la changer ou l’annuler.`,
  closed: 'Cette invitation n’est plus valable.',
  notBooked: 'Aucune séance n’est réservée avec cette invitation.',
} as const

export const themeSettingsSchema = z.object({
  theme: lineText({ error: INVITATION_MESSAGES.noTheme }).trim().min(1, INVITATION_MESSAGES.noTheme).max(200),
  validityDays: z.coerce
    .number({ error: `Indiquez un nombre de jours entre ${MIN_VALIDITY_DAYS} et 90.` })
    .int(`Indiquez un nombre de jours entier.`)
    .min(MIN_VALIDITY_DAYS, `Une invitation reste valable ${MIN_VALIDITY_DAYS} jours au moins.`)
    .max(90, 'Une invitation reste valable 90 jours au plus.'),
  optional: z.boolean().default(false),
})

export const inviteSchema = z.object({
  theme: lineText({ error: INVITATION_MESSAGES.noTheme }).trim().min(1, INVITATION_MESSAGES.noTheme).max(200),
  channels: z
    .array(z.enum(INVITATION_CHANNELS, { error: INVITATION_MESSAGES.noChannel }))
    .min(1, INVITATION_MESSAGES.noChannel)
    .max(3),
  candidateIds: z
    .array(z.uuid({ error: INVITATION_MESSAGES.candidateUnknown }))
    .min(1, INVITATION_MESSAGES.noCandidate)
    .max(500),
  /** A support-course step of kind "atelier" the invitation is for (its theme is the step's). */
  stepId: z.uuid({ error: INVITATION_MESSAGES.stepUnknown }).nullish(),
})

/** Three letters, as the person types them (fewer for a shorter name): compared without accents or case. */
export const nameCheckSchema = lineText({ error: INVITATION_MESSAGES.nameFormat })
  .max(50, INVITATION_MESSAGES.nameFormat)
  .transform((v) => lettersOf(v).slice(0, 3))
  .refine((v) => v.length > 0, INVITATION_MESSAGES.nameFormat)

/** A name's letters without accents, spaces, hyphens or apostrophes, upper case: "d’Hérouville" → "DHEROUVILLE". */
export function lettersOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase()
}
