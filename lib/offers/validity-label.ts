import { formatDate, parisToday } from '@/lib/dates'
import { now as clockNow } from '@/lib/clock'

/**
 * Spec §4, offer validity label: 'Offre expirée' once the end date is past (Paris time);
 * 'Permanente' with neither start nor end; otherwise 'start - end' in dd/mm/yyyy with '...' for a missing bound.
 */
export function offerValidityLabel(
  offer: { serviceStartDate: string | null; serviceEndDate: string | null },
  now: Date = clockNow(),
): string {
  const { serviceStartDate: start, serviceEndDate: end } = offer
  if (end && end < parisToday(now)) return 'Offre expirée'
  if (!start && !end) return 'Permanente'
  return `${start ? formatDate(start) : '...'} - ${end ? formatDate(end) : '...'}`
}
