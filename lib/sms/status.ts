import type { smsStatusEnum } from '@/lib/db/schema'

export type SmsStatus = (typeof smsStatusEnum.enumValues)[number]

export const SMS_STATUS_LABELS: Record<SmsStatus, string> = {
  queued: 'Programmé',
  sending: 'En cours d’envoi',
  sent: 'Envoyé',
  delivered: 'Distribué',
  undelivered: 'Non distribué',
  failed: 'Échec',
  cancelled: 'Annulé',
  received: 'Reçu',
  unknown: 'Sort inconnu',
}

/** Twilio's error codes a counsellor may meet, in their words; the code stays beside it for support. */
const PROVIDER_ERRORS: Record<string, string> = {
  '21211': 'numéro invalide',
  '21408': 'envoi vers ce pays non autorisé',
  '21610': 'le destinataire s’est désabonné (STOP)',
  '21612': 'ce numéro ne peut pas être joint par SMS',
  '21614': 'ce numéro n’est pas un mobile',
  '21617': 'message trop long',
  '30003': 'téléphone injoignable (éteint ou hors réseau)',
  '30004': 'message bloqué par le destinataire',
  '30005': 'numéro inconnu de l’opérateur',
  '30006': 'numéro fixe ou opérateur injoignable',
  '30007': 'message filtré par l’opérateur (pris pour un spam)',
  '30008': 'échec de distribution, raison inconnue de l’opérateur',
}

/** Why a message was not sent, for a person: in French, with the provider's code beside it. */
export function smsErrorLabel(code: string | null | undefined): string | null {
  if (!code) return null
  const ours: Record<string, string> = {
    optedOut: 'le candidat a demandé à ne plus recevoir de SMS',
    notMobile: 'ce numéro ne peut pas recevoir de SMS',
    attempts: 'le service d’envoi n’a pas répondu après plusieurs essais',
    unknownFate: 'envoi interrompu\u00a0: le service d’envoi l’a peut-être reçu, vérifiez avant de renvoyer',
  }
  if (ours[code]) return ours[code]
  if (PROVIDER_ERRORS[code]) return `${PROVIDER_ERRORS[code]} (${code})`
  if (/^\d{3}$/.test(code)) return `le service d’envoi n’a pas répondu (${code})`
  return `erreur du service d’envoi (${code})`
}
