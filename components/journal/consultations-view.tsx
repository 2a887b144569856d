import Link from '@/components/ui/link'
import { Pager } from '@/components/prescriptions/pager'
import { buttonClass } from '@/components/ui/button'
import { DataTable, type TableColumn } from '@/components/ui/data-table'
import { EmptyState } from '@/components/ui/empty-state'
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge'
import { formatDateTime } from '@/lib/dates'
import { orEmpty } from '@/lib/format'
import { ConsultationFilterBar } from './consultation-filters'
import { consultationQuery, type ConsultationFilters } from '@/lib/journal/consultation-filters'
import { readerLabel, type ConsultationRow } from '@/lib/journal/consultations'
import { READ_KIND_LABELS } from '@/lib/journal/kind-labels'
import { READ_KINDS, type ReadKind } from '@/lib/journal/record-read'
import { formatCount } from '@/lib/numbers'

/** The reads that show the most: the NIR, and whole files leaving Passerelle. */
const KIND_TONES: Partial<Record<ReadKind, BadgeTone>> = {
  'candidate.nir': 'warning',
  export: 'warning',
  'candidate.access-export': 'warning',
}

const KIND_CHOICES = [
  { value: '', label: 'Toutes' },
  ...READ_KINDS.map((k) => ({ value: k, label: READ_KIND_LABELS[k] })),
]

const when: TableColumn<ConsultationRow> = {
  id: 'at',
  header: 'Date',
  card: 'title',
  cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.at)}</span>,
}
const who: TableColumn<ConsultationRow> = {
  id: 'actor',
  header: 'Utilisateur',
  cell: (r) => readerLabel(r.actorName, r.structureName),
}
const what: TableColumn<ConsultationRow> = {
  id: 'kind',
  header: 'Consultation',
  cell: (r) => (
    <StatusBadge tone={KIND_TONES[r.kind] ?? 'info'}>
      {READ_KIND_LABELS[r.kind] ?? r.kind}
      {r.count !== null ? ` (${formatCount(r.count, 'personne')})` : ''}
    </StatusBadge>
  ),
}
const whom: TableColumn<ConsultationRow> = {
  id: 'candidate',
  header: 'Candidat',
  cell: (r) =>
    r.candidateId && r.candidateName ? (
      <Link href={`/v2/candidate/${r.candidateId}`}>{r.candidateName}</Link>
    ) : (
      orEmpty(null)
    ),
}

/**
 * "Consultations" (the read journal) of one candidate or of one user, for administrators: filters in the URL, instant
 * (ConsultationFilterBar), 50 rows a page, the same list as a CSV. Server-rendered.
 */
export function ConsultationsView({
  caption,
  rows,
  total,
  filters,
  path,
  csvHref,
  readers,
  showCandidate,
}: {
  caption: string
  rows: ConsultationRow[]
  total: number
  filters: ConsultationFilters
  /** The page's own address, without query. */
  path: string
  /** The CSV route with the scope, without the filters. */
  csvHref: string
  /** The "Utilisateur" filter's choices (a candidate's readers); none on a user's own consultations. */
  readers?: { value: string; label: string }[]
  /** A user's consultations name the candidate read (and not the user, the page's own). */
  showCandidate?: boolean
}) {
  const filtered = !!(filters.from || filters.to || filters.actorId || filters.kind)
  const [csvPath, csvScope = ''] = csvHref.split('?')
  const csvQuery = consultationQuery({ ...filters, page: 1 }, Object.fromEntries(new URLSearchParams(csvScope)))
  return (
    <div className="flex flex-col gap-4">
      <ConsultationFilterBar filters={filters} readers={readers} kinds={KIND_CHOICES}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700" aria-live="polite">
            {formatCount(total, 'consultation')}
            {filtered ? ' correspondant aux filtres' : ''}
          </p>
          {total > 0 && (
            <a href={`${csvPath}${csvQuery}`} download className={buttonClass('secondary')}>
              Exporter en CSV
            </a>
          )}
        </div>
        {rows.length === 0 ? (
          filtered ? (
            <EmptyState title="Aucune consultation ne correspond à ces filtres.">
              Modifiez les filtres ou réinitialisez-les.
            </EmptyState>
          ) : (
            <EmptyState title="Aucune consultation enregistrée.">
              Chaque ouverture d’un dossier y figure pendant la durée de conservation du journal, réglée dans les
              paramètres de l’organisation.
            </EmptyState>
          )
        ) : (
          <DataTable
            caption={caption}
            columns={showCandidate ? [when, whom, what] : [when, who, what]}
            data={rows}
            getRowId={(r) => String(r.id)}
          />
        )}
        <Pager
          page={filters.page}
          total={total}
          href={(page) => `${path}${consultationQuery({ ...filters, page })}`}
          label="Pages des consultations"
        />
      </ConsultationFilterBar>
    </div>
  )
}
