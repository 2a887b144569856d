'use client'

import { NavLink } from '@/components/ui/nav-link'
import { TableFrame } from '@/components/ui/simple-table'
import { useFirstRowsOnServer } from '@/components/ui/use-hydrated'
import { PrescriptionDocuments } from './prescription-documents'

/**
 * One prescription of a list, as compact data: the candidate, offer, partner, state label and dates already formatted
 * on the server, the documents' ids. A list of 50 sent as these arrays is a few kilobytes of the page's RSC payload;
 * sent as server-rendered cells, each row was its whole element tree there, again beside its HTML (issue 16 §1).
 */
export type PrescriptionLine = [
  id: string,
  candidateId: string,
  firstName: string,
  lastName: string,
  offerId: string,
  offerName: string,
  providerName: string,
  stateLabel: string,
  prescribedOn: string,
  answeredOn: string,
  causeLabel: string,
  prescriptionDocumentId: string | null,
  answerDocumentId: string | null,
  hasFup: boolean,
]

/** The table of components/prescriptions/prescriptions-table.tsx, rendered from its lines. */
export function PrescriptionsRows({ caption, headers, lines, unanswered, extra }: { caption: string; headers: string[]; lines: PrescriptionLine[]; unanswered?: boolean; extra?: React.ReactNode[] }) {
  const shown = useFirstRowsOnServer(lines)
  return (
    <TableFrame caption={caption} headers={headers}>
      {shown.map(([id, candidateId, firstName, lastName, offerId, offerName, providerName, stateLabel, prescribedOn, answeredOn, causeLabel, prescriptionDocumentId, answerDocumentId, hasFup], i) => (
        <tr key={id}>
          <td>
            <NavLink href={`/v2/candidate/${candidateId}/prescriptions`}>
              {lastName} {firstName}
            </NavLink>
          </td>
          <td>
            <NavLink href={`/offer/social/${offerId}`}>{offerName}</NavLink>
          </td>
          <td>{providerName}</td>
          <td>{stateLabel}</td>
          <td>{prescribedOn}</td>
          {!unanswered && <td>{answeredOn}</td>}
          {!unanswered && <td>{causeLabel}</td>}
          <td>
            <PrescriptionDocuments row={{ prescriptionDocumentId, answerDocumentId, hasFup, firstName, lastName }} />
          </td>
          {extra && <td>{extra[i]}</td>}
        </tr>
      ))}
    </TableFrame>
  )
}
