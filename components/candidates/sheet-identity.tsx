import { CANDIDATE_FIELD_LABELS as L } from '@/lib/candidates/field-labels'
import type { CandidateRecord } from '@/lib/candidates/queries'
import { formatDate, formatDateTime } from '@/lib/dates'
import { formatPhone } from '@/lib/phone'
import { NirReveal } from './nir-reveal'
import { SheetDetails } from './sheet-details'

export function SheetIdentity({ candidate, canRevealNir }: { candidate: CandidateRecord; canRevealNir: boolean }) {
  return (
    <SheetDetails
      title="Identité"
      items={[
        [L.lastName, candidate.lastName],
        [L.firstName, candidate.firstName],
        [L.gender, candidate.gender === 'F' ? 'Femme' : candidate.gender === 'M' ? 'Homme' : null],
        [L.birthDate, formatDate(candidate.birthDate)],
        [L.phone, formatPhone(candidate.phone)],
        [
          'SMS',
          candidate.smsOptedOutAt
            ? `Désinscrit (STOP) le ${formatDateTime(candidate.smsOptedOutAt)}\u00a0: aucun SMS ne lui est envoyé`
            : 'Accepte les SMS',
        ],
        [L.email, candidate.email],
        [
          L.socialSecurityNumber,
          candidate.nirMasked ? (
            <NirReveal candidateId={candidate.id} masked={candidate.nirMasked} canReveal={canRevealNir} />
          ) : null,
        ],
        [L.addressFormatted, candidate.addressFormatted],
        ['Quartier prioritaire (QPV)', candidate.addressIsQpv ? 'Oui' : 'Non'],
      ]}
    />
  )
}
