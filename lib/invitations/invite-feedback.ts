import { formatCount } from '@/lib/numbers'
import { CHANNEL_LABELS, type InvitationChannel } from './messages'

/** One person of an invitation's answer: who, and what was refused or left out (the core's reasons, French predicates). */
export type PersonReason = { candidateId: string; name: string; reason: string }
export type InvitedPerson = { candidateId: string; name: string; invitationId: string; channels: InvitationChannel[] }
export type InviteAnswer = {
  /** The headline: how many were invited, out of how many. */
  summary: string
  invited: InvitedPerson[]
  /** A person invited without some of the chosen channels, and why. */
  skipped: PersonReason[]
  /** A person not invited, and why. */
  refused: PersonReason[]
}

/** "SMS, e-mail et courrier". */
export function channelsText(channels: readonly InvitationChannel[]): string {
  const labels = channels.map((c) => CHANNEL_LABELS[c])
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} et ${labels.at(-1)}` : (labels[0] ?? '')
}

/** A person and their reasons, as a sentence: "Marie Curie n’a pas d’adresse e-mail\u00a0; a refusé les SMS (STOP)." */
export const personSentence = ({ name, reason }: { name: string; reason: string }) =>
  `${name} ${reason.replaceAll(' ; ', '\u00a0; ')}.`

/**
 * What the counsellor reads after "Envoyer": how many were invited out of how many asked, then each person left
 * out or invited without a channel. Nobody invited says so (no "0 invité").
 */
export function inviteSummary(result: { invited: unknown[]; refused: unknown[] }): string {
  const asked = result.invited.length + result.refused.length
  const invited = result.invited.length
  if (invited === 0) return asked > 1 ? 'Aucun des candidats n’a été invité.' : 'Le candidat n’a pas été invité.'
  const head = `${formatCount(invited, 'candidat invité', 'candidats invités')}`
  return invited === asked ? `${head}.` : `${head} sur ${formatCount(asked, 'candidat')}.`
}

/** The result of the dialog, from the core's: the summary and the people, as they are. */
export function inviteAnswer(result: Omit<InviteAnswer, 'summary'>): InviteAnswer {
  return {
    summary: inviteSummary(result),
    invited: result.invited,
    skipped: result.skipped,
    refused: result.refused,
  }
}
