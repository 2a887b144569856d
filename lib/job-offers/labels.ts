import { formatNumber } from '@/lib/numbers'

/** The job offers' fixed lists, with their French labels. */
export const CONTRACT_TYPES = {
  cdi: 'CDI',
  cdd: 'CDD',
  interim: 'Intérim',
  alternance: 'Alternance',
  iae: 'CDDI / IAE',
  stage: 'Stage',
} as const
export type ContractType = keyof typeof CONTRACT_TYPES
export const CONTRACT_VALUES = Object.keys(CONTRACT_TYPES) as ContractType[]

export const WORKING_TIMES = { full: 'Temps plein', part: 'Temps partiel' } as const

export const JOB_OFFER_STATUSES = { open: 'Ouverte', filled: 'Pourvue', closed: 'Fermée' } as const
export type JobOfferStatus = keyof typeof JOB_OFFER_STATUSES
export const JOB_OFFER_STATUS_VALUES = Object.keys(JOB_OFFER_STATUSES) as JobOfferStatus[]

export const PLACEMENT_STATUSES = {
  proposed: 'Proposé',
  interview: 'Entretien prévu',
  hired: 'Embauché',
  refused: 'Refusé',
  abandoned: 'Abandonné',
} as const
export type PlacementStatus = keyof typeof PLACEMENT_STATUSES
export const PLACEMENT_STATUS_VALUES = Object.keys(PLACEMENT_STATUSES) as PlacementStatus[]
/** A placement still under way (the suggestions leave these candidates out). */
export const ACTIVE_PLACEMENT_STATUSES: PlacementStatus[] = ['proposed', 'interview', 'hired']

export const contractLabel = (v: string | null) =>
  v && v in CONTRACT_TYPES ? CONTRACT_TYPES[v as ContractType] : (v ?? '')

/** '1 800 – 2 100 € brut mensuel', or one bound. */
export function salaryLabel(min: number | null, max: number | null): string {
  const eur = (n: number) => `${formatNumber(n)}\u00a0€`
  if (min != null && max != null)
    return min === max ? `${eur(min)} brut mensuel` : `${eur(min)} – ${eur(max)} brut mensuel`
  if (min != null) return `À partir de ${eur(min)} brut mensuel`
  if (max != null) return `Jusqu’à ${eur(max)} brut mensuel`
  return ''
}
