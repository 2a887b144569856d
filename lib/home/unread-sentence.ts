import { formatDateTime } from '@/lib/dates'
import { formatNumber } from '@/lib/numbers'

const unreadAnswers = (n: number) => (n === 0 ? 'aucune non lue' : `${formatNumber(n)} non lue${n > 1 ? 's' : ''}`)

/**
 * The unread answers, then how many of them came since the last visit and when it was: "1 non lue, dont aucune
 * nouvelle depuis votre dernière visite, le …" — one statement, never "1 non lue" beside "aucune".
 */
export function sinceLastVisit(unread: number, since: number, lastVisit: Date | null): string {
  if (!lastVisit) return `${unreadAnswers(unread)}, première visite`
  const when = `depuis votre dernière visite, le ${formatDateTime(lastVisit)}`
  if (unread === 0) return `aucune non lue ${when}`
  const news = since === 0 ? 'aucune nouvelle' : `${formatNumber(since)} nouvelle${since > 1 ? 's' : ''}`
  return `${unreadAnswers(unread)}, dont ${news} ${when}`
}
