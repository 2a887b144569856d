'use client'

import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { FetchError } from '@/components/ui/fetch-error'
import { fetchJson } from '@/components/ui/fetch-json'
import { useLatestFetch } from '@/components/ui/use-latest-fetch'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { ATTENDANCE_LABELS } from '@/lib/workshops/schemas'
import { AllPresentButton, AttendanceSelect, CancelRegistrationButton } from './workshop-controls'
import { EMPTY_VALUE } from '@/lib/format'
import { fullName, listName } from '@/lib/person-name'
import { ofName } from '@/lib/text/french'

type Row = {
  id: string
  candidateId: string
  firstName: string
  lastName: string
  phone: string
  place: string | null
  status: 'registered' | 'waitlisted'
  attendance: keyof typeof ATTENDANCE_LABELS | null
}

/**
 * A workshop's registrations, read by the browser (/api/workshops/{id}/registrations): the page's first byte does not
 * wait for 200 rows. `version` (the workshop's counters) changes with every registration or attendance change, so a
 * refresh of the page after an action reads them again. A failed read says so, with "Réessayer".
 */
export function WorkshopRegistrations({
  workshopId,
  name,
  version,
  started,
  cancelled,
  canModify,
  linkCandidates,
}: {
  workshopId: string
  name: string
  version: string
  started: boolean
  cancelled: boolean
  canModify: boolean
  linkCandidates: boolean
}) {
  const read = useLatestFetch(`${workshopId} ${version}`, (signal) =>
    fetchJson<{ rows: Row[] }>(`/api/workshops/${workshopId}/registrations`, {
      signal,
      failed: 'Les inscrits n’ont pas pu être lus. Réessayez dans un instant.',
    }),
  )
  const failed = read.failure && (
    <FetchError error={read.failure.error} onRetry={read.failure.retryable ? read.retry : null} />
  )
  const rows = read.value?.rows
  if (!rows)
    return (
      failed || (
        <p role="status" className="text-sm text-slate-700">
          Chargement des inscrits…
        </p>
      )
    )
  const seated = rows.filter((r) => r.status === 'registered')
  const waiting = rows.filter((r) => r.status === 'waitlisted')
  const act = canModify && !started && !cancelled
  const nameCell = (r: Row) =>
    linkCandidates ? (
      <Link key="c" href={`/v2/candidate/${r.candidateId}`}>
        {listName(r)}
      </Link>
    ) : (
      listName(r)
    )
  return (
    <>
      {failed}
      <section aria-labelledby="registered-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="registered-title" className="text-lg font-semibold">
            Inscrits ({seated.length})
          </h2>
          <span className="flex flex-wrap gap-2">
            {!cancelled && seated.length > 0 && (
              <a href={`/api/workshops/${workshopId}/sign-in-sheet`} download className={buttonClass('secondary')}>
                Feuille d’émargement (PDF)
              </a>
            )}
            {canModify && started && !cancelled && seated.length > 0 && <AllPresentButton workshopId={workshopId} />}
          </span>
        </div>
        {seated.length === 0 ? (
          <EmptyState title="Aucun candidat inscrit.">
            {canModify && !cancelled
              ? 'Inscrivez des candidats\u00a0: ils reçoivent leur convocation par SMS.'
              : 'Les inscrits apparaîtront ici.'}
          </EmptyState>
        ) : (
          <SimpleTable
            caption={`Inscrits à ${name}`}
            headers={['Candidat', 'Téléphone', 'Lieu de résidence', 'Présence', ...(act ? ['Action'] : [])]}
            rows={seated.map((r) => {
              const person = fullName(r)
              return {
                key: r.id,
                cells: [
                  nameCell(r),
                  r.phone,
                  r.place ?? '',
                  started && canModify && !cancelled ? (
                    <AttendanceSelect
                      key={`a-${r.attendance}`}
                      registrationId={r.id}
                      name={person}
                      value={r.attendance}
                    />
                  ) : r.attendance ? (
                    ATTENDANCE_LABELS[r.attendance]
                  ) : (
                    EMPTY_VALUE
                  ),
                  ...(act ? [<CancelRegistrationButton key="x" registrationId={r.id} name={person} />] : []),
                ],
              }
            })}
          />
        )}
      </section>
      <section aria-labelledby="waitlist-title" className="flex flex-col gap-3">
        <h2 id="waitlist-title" className="text-lg font-semibold">
          Liste d’attente ({waiting.length})
        </h2>
        {waiting.length === 0 ? (
          <p className="text-sm text-slate-700">Personne en liste d’attente.</p>
        ) : (
          <SimpleTable
            caption={`Liste d’attente ${ofName(name)}`}
            headers={['Rang', 'Candidat', 'Téléphone', ...(act ? ['Action'] : [])]}
            rows={waiting.map((r, i) => ({
              key: r.id,
              cells: [
                i + 1,
                nameCell(r),
                r.phone,
                ...(act ? [<CancelRegistrationButton key="x" registrationId={r.id} name={fullName(r)} />] : []),
              ],
            }))}
          />
        )}
      </section>
    </>
  )
}
