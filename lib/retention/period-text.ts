import { formatNumber, formatOneDecimal } from '@/lib/numbers'

/** The default retention period (days): the reference tools' two years (lib/db/schema/tenants.ts retention_days). */
export const DEFAULT_RETENTION_DAYS = 730

/** "730 jours (environ 2 ans)": the privacy policy's statement of a retention period. */
function period(days: number): string {
  const years = Math.round((days / 365) * 10) / 10
  return `${formatNumber(days)}\u00a0jours (environ ${formatOneDecimal(years)}\u00a0an${years >= 2 ? 's' : ''})`
}

/** The privacy policy's sentence: the reader's organisation's period, or the default for a reader outside one. */
export function retentionPeriodText(organisation: { name: string; retentionDays: number } | null): string {
  if (organisation) {
    return `Pour ${organisation.name}, les données d’une personne accompagnée sans aucune activité (fiche, prescription, SMS) depuis ${period(organisation.retentionDays)} sont anonymisées automatiquement, chaque nuit.`
  }
  return `Les données d’une personne accompagnée sans aucune activité (fiche, prescription, SMS) sont anonymisées automatiquement, chaque nuit, après la durée de conservation fixée par son organisation (${period(DEFAULT_RETENTION_DAYS)} par défaut).`
}
