'use client'

import { RestoreButton } from '@/components/applies/restore-button'
import { TableFrame } from '@/components/ui/simple-table'
import { useFirstRowsOnServer } from '@/components/ui/use-hydrated'

/** One archived apply as the server words it: id, candidate (last then first name), offer, state, archive date, and the candidate's name for the button. */
export type ArchivedLine = [id: string, candidate: string, offer: string, state: string, archivedOn: string, restoreName: string]

/**
 * The partner dashboard's "Dossiers archivés", each with "Restaurer". One client component fed with the rows' data:
 * rendered by the server, 50 rows sent 50 button components and their cells' element trees in the page's RSC payload
 * (issue 16 §1). The first rows are in the server's HTML, the others rendered once hydrated (components/ui/use-hydrated.ts).
 */
export function ArchivedApplies({ caption, headers, rows }: { caption: string; headers: string[]; rows: ArchivedLine[] }) {
  const shown = useFirstRowsOnServer(rows)
  return (
    <TableFrame caption={caption} headers={headers}>
      {shown.map(([id, candidate, offer, state, archivedOn, restoreName]) => (
        <tr key={id}>
          <td>{candidate}</td>
          <td>{offer}</td>
          <td>{state}</td>
          <td>{archivedOn}</td>
          <td>
            <RestoreButton applyId={id} candidateName={restoreName} />
          </td>
        </tr>
      ))}
    </TableFrame>
  )
}
