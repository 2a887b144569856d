import { formatNumber } from '@/lib/numbers'

/** What a registration did (lib/workshops/registrations.ts): seated, waitlisted, left out, convocations queued. */
export type RegistrationOutcome = {
  registered: number
  waitlisted: number
  alreadyRegistered: number
  convocations: number
}

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n > 1 ? many : one}`

/**
 * The notification after "Inscrire": what happened, and only that. A seated candidate's convocation is
 * queued (it leaves by SMS within the sending hours), unless they have no mobile or refuse SMS; a waitlisted candidate
 * is sent nothing until a seat frees up. Nobody seated: no "0 inscrit".
 */
export function registrationFeedback(outcome: RegistrationOutcome): string {
  const { registered, waitlisted, alreadyRegistered, convocations } = outcome
  const sentences: string[] = []
  if (registered) {
    const sms =
      convocations >= registered
        ? registered > 1
          ? 'leurs convocations partent par SMS'
          : 'sa convocation part par SMS'
        : convocations === 0
          ? `aucune convocation par SMS (pas de mobile ou SMS refusés)`
          : `${count(convocations, 'convocation part', 'convocations partent')} par SMS, ` +
            `${count(registered - convocations, 'candidat', 'candidats')} sans mobile ou refusant les SMS`
    sentences.push(`${count(registered, 'candidat inscrit', 'candidats inscrits')}\u00a0: ${sms}.`)
  }
  if (waitlisted) {
    const who =
      `${count(waitlisted, 'candidat mis', 'candidats mis')} en liste d’attente, ` + 'sans convocation pour l’instant'
    const later = `${waitlisted > 1 ? 'ils seront prévenus' : 'il sera prévenu'} par SMS si une place se libère`
    sentences.push(`${registered ? '' : 'Atelier complet\u00a0: '}${who}\u00a0; ${later}.`)
  }
  if (alreadyRegistered) {
    sentences.push(
      alreadyRegistered > 1
        ? `${formatNumber(alreadyRegistered)} candidats déjà inscrits ou en liste d’attente, laissés de côté.`
        : '1 candidat déjà inscrit ou en liste d’attente, laissé de côté.',
    )
  }
  return sentences.join(' ') || 'Aucun candidat à inscrire.'
}
