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
export const NOTICE_KINDS = ['convocation', 'reminder', 'change', 'cancellation', 'promotion'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

export const NOTICE_LABELS: Record<NoticeKind, { title: string; when: string }> = {
  convocation: { title: 'Convocation', when: 'À l’inscription d’un candidat sur une place.' },
  reminder: { title: 'Rappel', when: 'La veille de l’atelier, à 10 h (heure de Paris), dans vos horaires d’envoi.' },
  change: { title: 'Changement', when: 'Quand la date, l’heure ou le lieu de l’atelier change.' },
  cancellation: { title: 'Annulation', when: 'Quand l’atelier est annulé : aux inscrits et à la liste d’attente.' },
  promotion: { title: 'Place libérée', when: 'Quand un candidat de la liste d’attente obtient une place.' },
}

export const WORKSHOP_VARIABLES = {
  atelier: 'Titre de l’atelier',
  date: 'Date de l’atelier',
  heure: 'Heure de début',
  lieu: 'Adresse ou lien de visioconférence',
} as const
export const NOTICE_VARIABLES = { ...TEMPLATE_VARIABLES, ...WORKSHOP_VARIABLES }

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
}

export const NOTICE_MESSAGES = {
  empty: 'Écrivez le texte du message.',
  tooLongRaw: 'Le message est trop long.',
  tooLong: (segments: number) => `Le message compte ${segments} SMS : ${MAX_SEGMENTS} au plus. Raccourcissez-le.`,
  unknownVariables: (list: string[]) =>
    `${list.length > 1 ? 'Ces variables n’existent pas' : 'Cette variable n’existe pas'} : ${list.join(', ')}. Variables possibles : ${Object.keys(
      NOTICE_VARIABLES,
    )
      .map((v) => `{${v}}`)
      .join(', ')}.`,
  unknownKind: 'Ce message d’atelier n’existe pas.',
} as const

export const noticeSchema = z.object({
  kind: z.enum(NOTICE_KINDS, { error: NOTICE_MESSAGES.unknownKind }),
  body: text({ error: NOTICE_MESSAGES.empty })
    .max(2000, NOTICE_MESSAGES.tooLongRaw)
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, NOTICE_MESSAGES.empty)
    .superRefine((v, ctx) => {
      const unknown = unknownVariables(v, NOTICE_VARIABLES)
      if (unknown.length) ctx.addIssue({ code: 'custom', message: NOTICE_MESSAGES.unknownVariables(unknown) })
      const { segments } = smsLength(v)
      if (segments > MAX_SEGMENTS) ctx.addIssue({ code: 'custom', message: NOTICE_MESSAGES.tooLong(segments) })
    }),
})

export type NoticeWorkshop = { name: string; startsAt: Date; addressFormatted: string | null; videoUrl: string | null }

/** A value typed by a person must not read as a variable once inside the text. */
const plain = (v: string) => v.replace(/[{}]/g, '')

/** The text with the workshop's variables filled; the candidate's are left for queueSms. */
export function fillNotice(body: string, w: NoticeWorkshop): string {
  const values: Record<keyof typeof WORKSHOP_VARIABLES, string> = {
    atelier: plain(w.name),
    date: formatDate(w.startsAt),
    heure: formatTimeInText(w.startsAt),
    lieu: plain(w.addressFormatted ? `au ${w.addressFormatted}` : `en visioconférence\u00a0: ${w.videoUrl ?? ''}`),
  }
  return body.replace(/\{(atelier|date|heure|lieu)\}/g, (_, name: keyof typeof values) => values[name])
}
