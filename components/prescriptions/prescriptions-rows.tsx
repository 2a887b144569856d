'use client'

import { NavLink } from '@/components/ui/nav-link'
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
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm [&>tbody>tr]:border-t [&>tbody>tr]:border-slate-100 [&>tbody>tr>td]:px-4 [&>tbody>tr>td]:py-2 [&>tbody>tr>td]:align-top">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  )
}
