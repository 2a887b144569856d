import { z } from 'zod'
import { formatDate, formatTimeInText } from '@/lib/dates'
import { MAX_SEGMENTS, smsLength } from '@/lib/sms/segments'
import { TEMPLATE_VARIABLES, unknownVariables } from '@/lib/sms/template-variables'
import { text } from '@/lib/text/safe-text'

/**
 * The SMS of the workshops, from texts each organisation may rewrite (/v2/settings/templates, "Messages
 * des ateliers"). The workshop's variables ({atelier}, {date}, {heure}, {lieu}) are filled here; the candidate's
 * ({prenom}, {telephone_referent}…) per candidate by queueSms (lib/sms/template-variables.ts).
 */
export const NOTICE_KINDS = [
  'convocation',
  'reminder',
  'change',
  'cancellation',
  'promotion',
  'invitation',
  'invitationReminder',
  'booking',
  'bookingReminder',
  'seatOffer',
] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]
/** The kinds about an invitation (lib/invitations): they may hold {lien}, {date_limite} and {theme}. */
export const INVITATION_NOTICE_KINDS = new Set<NoticeKind>([
  'invitation',
  'invitationReminder',
  'booking',
  'bookingReminder',
  'seatOffer',
])

export const NOTICE_LABELS: Record<NoticeKind, { title: string; when: string }> = {
  convocation: { title: 'Convocation', when: 'À l’inscription d’un candidat sur une place.' },
  reminder: { title: 'Rappel', when: 'La veille de l’atelier, à 10 h (heure de Paris), dans vos horaires d’envoi.' },
  change: { title: 'Changement', when: 'Quand la date, l’heure ou le lieu de l’atelier change.' },
  cancellation: {
    title: 'Annulation',
    when: 'Quand l’atelier est annulé\u00a0: aux inscrits et à la liste d’attente.',
  },
  promotion: { title: 'Place libérée', when: 'Quand un candidat de la liste d’attente obtient une place.' },
  invitation: { title: 'Invitation', when: 'Quand un candidat est invité à choisir sa séance d’un thème d’ateliers.' },
  invitationReminder: {
    title: 'Relance d’invitation',
    when: 'Le 3e jour d’une invitation sans réservation, s’il reste au moins 2 jours pour réserver.',
  },
  booking: { title: 'Réservation', when: 'Quand la personne réserve ou change sa séance depuis son invitation.' },
  bookingReminder: {
    title: 'Rappel de réservation',
    when: '48 heures avant une séance réservée depuis une invitation, dans vos horaires d’envoi.',
  },
  seatOffer: {
    title: 'Place proposée',
    when: 'Quand une place se libère\u00a0: aux invités qui n’ont pas encore réservé\u00a0; le premier qui répond OUI l’obtient.',
  },
}

export const WORKSHOP_VARIABLES = {
  atelier: 'Titre de l’atelier',
  date: 'Date de l’atelier',
  heure: 'Heure de début',
  lieu: 'Adresse ou lien de visioconférence',
} as const
export const INVITATION_VARIABLES = {
  lien: 'Lien pour choisir, changer ou annuler sa séance',
  date_limite: 'Dernier jour pour réserver',
  theme: 'Thème des ateliers',
} as const
export const NOTICE_VARIABLES = { ...TEMPLATE_VARIABLES, ...WORKSHOP_VARIABLES, ...INVITATION_VARIABLES }
/** The variables a kind's text may hold: an invitation's (no session chosen yet) has no {atelier}, {date}… */
export function noticeVariables(kind: NoticeKind): Record<string, string> {
  if (kind === 'invitation' || kind === 'invitationReminder') return { ...TEMPLATE_VARIABLES, ...INVITATION_VARIABLES }
  if (INVITATION_NOTICE_KINDS.has(kind)) return NOTICE_VARIABLES
  return { ...TEMPLATE_VARIABLES, ...WORKSHOP_VARIABLES }
}

// The defaults fit GSM-7 once smart encoding replaced their apostrophes, guillemets and non-breaking spaces
// (lib/sms/smart-encoding.ts): no 'ê', 'ô'… that would double their price.
const QUESTION = ' Une question\u00a0? Votre référent\u00a0: {telephone_referent}.'
export const DEFAULT_NOTICES: Record<NoticeKind, string> = {
  convocation: `Bonjour {prenom}, nous vous convoquons à l’atelier «\u00a0{atelier}\u00a0» le {date} à {heure}, {lieu}.${QUESTION}`,
  reminder: `Bonjour {prenom}, rappel\u00a0: atelier «\u00a0{atelier}\u00a0» demain à {heure}, {lieu}.${QUESTION}`,
  change: `Bonjour {prenom}, l’atelier «\u00a0{atelier}\u00a0» change\u00a0: il aura lieu le {date} à {heure}, {lieu}.${QUESTION}`,
  cancellation:
    'Bonjour {prenom}, l’atelier «\u00a0{atelier}\u00a0» prévu le {date} à {heure} est annulé. Votre référent vous recontactera\u00a0: {telephone_referent}.',
  promotion: `Bonjour {prenom}, une place s’est libérée\u00a0: votre inscription à l’atelier «\u00a0{atelier}\u00a0» le {date} à {heure}, {lieu} est confirmée.${QUESTION}`,
  invitation:
    'Bonjour {prenom}, {organisation} vous invite à l’atelier «\u00a0{theme}\u00a0». Choisissez votre date d’ici le {date_limite}\u00a0: {lien}',
  invitationReminder:
    'Bonjour {prenom}, il vous reste jusqu’au {date_limite} pour choisir votre date d’atelier «\u00a0{theme}\u00a0»\u00a0: {lien}',
  booking:
    'Bonjour {prenom}, votre place à l’atelier «\u00a0{atelier}\u00a0» est réservée le {date} à {heure}, {lieu}. Répondez OUI pour confirmer, NON pour annuler. Changer\u00a0: {lien}',
  bookingReminder:
    'Bonjour {prenom}, rappel\u00a0: atelier «\u00a0{atelier}\u00a0» le {date} à {heure}, {lieu}. Répondez OUI pour confirmer, NON pour annuler. Changer\u00a0: {lien}',
  seatOffer:
    'Bonjour {prenom}, une place s’est libérée à l’atelier «\u00a0{atelier}\u00a0» le {date} à {heure}. Répondez OUI pour la prendre (au premier qui répond), ou choisissez\u00a0: {lien}',
}

export const NOTICE_MESSAGES = {
  empty: 'Écrivez le texte du message.',
  tooLongRaw: 'Le message est trop long.',
  tooLong: (segments: number) => `Le message compte ${segments} SMS\u00a0: ${MAX_SEGMENTS} au plus. Raccourcissez-le.`,
  unknownVariables: (list: string[], allowed: Record<string, string> = NOTICE_VARIABLES) =>
    `${list.length > 1 ? 'Ces variables n’existent pas' : 'Cette variable n’existe pas'} : ${list.join(', ')}. Variables possibles : ${Object.keys(
      allowed,
    )
      .map((v) => `{${v}}`)
      .join(', ')}.`,
  unknownKind: 'Ce message d’atelier n’existe pas.',
} as const

export const noticeSchema = z
  .object({
    kind: z.enum(NOTICE_KINDS, { error: NOTICE_MESSAGES.unknownKind }),
    body: text({ error: NOTICE_MESSAGES.empty })
      .max(2000, NOTICE_MESSAGES.tooLongRaw)
      .transform((v) => v.trim())
      .refine((v) => v.length > 0, NOTICE_MESSAGES.empty),
  })
  .superRefine(({ kind, body }, ctx) => {
    const allowed = noticeVariables(kind)
    const unknown = unknownVariables(body, allowed)
    if (unknown.length)
      ctx.addIssue({ code: 'custom', path: ['body'], message: NOTICE_MESSAGES.unknownVariables(unknown, allowed) })
    const { segments } = smsLength(body)
    if (segments > MAX_SEGMENTS)
      ctx.addIssue({ code: 'custom', path: ['body'], message: NOTICE_MESSAGES.tooLong(segments) })
  })

export type NoticeWorkshop = { name: string; startsAt: Date; addressFormatted: string | null; videoUrl: string | null }
/** An invitation's values: its link, its last day (an optional workshop's: its last open session's) and its theme. */
export type NoticeInvitation = { link: string; lastDay: Date; theme: string }

/** A value typed by a person must not read as a variable once inside the text. */
const plain = (v: string) => v.replace(/[{}]/g, '')

/** The text with the workshop's (and the invitation's) variables filled; the candidate's are left for queueSms. */
export function fillNotice(body: string, w: NoticeWorkshop | null, invitation?: NoticeInvitation): string {
  const values: Partial<Record<keyof typeof WORKSHOP_VARIABLES | keyof typeof INVITATION_VARIABLES, string>> = {
    ...(w && {
      atelier: plain(w.name),
      date: formatDate(w.startsAt),
      heure: formatTimeInText(w.startsAt),
      lieu: plain(w.addressFormatted ? `au ${w.addressFormatted}` : `en visioconférence\u00a0: ${w.videoUrl ?? ''}`),
    }),
    ...(invitation && {
      lien: invitation.link,
      date_limite: formatDate(invitation.lastDay),
      theme: plain(invitation.theme),
    }),
  }
  return body.replace(
    /\{(atelier|date|heure|lieu|lien|date_limite|theme)\}/g,
    (whole, name: keyof typeof values) => values[name] ?? whole,
  )
}
