import type { smsStatusEnum } from '@/lib/db/schema'

export type SmsStatus = (typeof smsStatusEnum.enumValues)[number]

/** A status only moves forward: a repeated or late callback ('sent' after 'delivered') changes nothing. */
const RANK: Record<SmsStatus, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3, cancelled: 3, received: 3 }

/** The statuses a message may leave for `target`. */
export function statusesBefore(target: SmsStatus): SmsStatus[] {
  return (Object.keys(RANK) as SmsStatus[]).filter((s) => RANK[s] < RANK[target])
}

export const SMS_STATUS_LABELS: Record<SmsStatus, string> = {
  queued: 'Programmé',
  sending: 'En cours d’envoi',
  sent: 'Envoyé',
  delivered: 'Distribué',
  undelivered: 'Non distribué',
  failed: 'Échec',
  cancelled: 'Annulé',
  received: 'Réponse',
}

/** Why a message was not sent, for a person. */
export function smsErrorLabel(code: string | null | undefined): string | null {
  if (!code) return null
  const known: Record<string, string> = {
    optedOut: 'le candidat a demandé à ne plus recevoir de SMS',
    notMobile: 'ce numéro ne peut pas recevoir de SMS',
    attempts: 'le service d’envoi n’a pas répondu après plusieurs essais',
    '21211': 'numéro invalide (21211)',
    '21610': 'le destinataire s’est désabonné (21610)',
    '21614': 'ce numéro n’est pas un mobile (21614)',
    '30003': 'téléphone injoignable (30003)',
    '30005': 'numéro inconnu de l’opérateur (30005)',
    '30006': 'numéro fixe ou opérateur injoignable (30006)',
  }
  return known[code] ?? `erreur ${code}`
}
