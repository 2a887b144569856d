import type { SecondFactorState } from '@/lib/settings/queries'
import type { ProviderId } from '@/lib/auth/identity-providers'

export const ORGANISATION_ROLE_OPTIONS = [
  { value: 'counsellor', label: 'Conseiller' },
  { value: 'referent', label: 'Référent RSA' },
  { value: 'admin', label: 'Administrateur' },
]

export const SECOND_FACTOR_LABELS: Record<SecondFactorState, string> = {
  required: 'Obligatoire',
  on: 'Activée',
  off: 'Non',
}

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  proconnect: 'ProConnect',
  google: 'Google',
  microsoft: 'Microsoft (Entra ID)',
  'france-travail': 'Pôle Emploi (France Travail)',
}
