import { notFound } from 'next/navigation'
import { clsx } from 'clsx'
import { UrlFilters } from '@/components/directory/url-filters'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { Pager } from '@/components/prescriptions/pager'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { StatusBadge, WORKSHOP_STATUS_TONES } from '@/components/ui/status-badge'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { formatDate, formatTime } from '@/lib/dates'
import { orEmpty } from '@/lib/format'
import { getDb } from '@/lib/db/client'
import { pageHref, params as urlParams, type SearchParams } from '@/lib/directory/params'
import { can } from '@/lib/permissions'
import { fullName } from '@/lib/person-name'
import { listWorkshops, VIDEO_PLACE, WORKSHOP_TABS, workshopFilterOptions } from '@/lib/workshops/queries'

export const generateMetadata = pageMetadata('workshopsDashboard')

const PATH = '/workshops/dashboard'

/** (workshops.dashboard.visualize) "À venir" and "Passés" with counts, filters, 50 per page. */
export default async function WorkshopsDashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePagePermission('workshops.dashboard.visualize')
  if (!user.organisationId) notFound()
  const sp = await searchParams
  const db = getDb()
  const organisationId = user.organisationId
  const options = await workshopFilterOptions(db, organisationId)
  const values = {
    tab: urlParams.choice(sp, 'tab', WORKSHOP_TABS),
    theme: urlParams.choice(sp, 'theme', options.themes),
    facilitator: urlParams.choice(
      sp,
      'facilitator',
      options.facilitators.map((f) => f.id),
    ),
    place: urlParams.choice(sp, 'place', [VIDEO_PLACE, ...options.places]),
  }
  const page = urlParams.page(sp)
  const minute = Math.floor(now().getTime() / 60_000)
  const [list, title] = await Promise.all([
    listWorkshops(
      db,
      organisationId,
      {
        tab: values.tab || 'upcoming',
        theme: values.theme,
        facilitatorId: values.facilitator,
        place: values.place,
        page,
      },
      new Date(minute * 60_000),
    ),
    pageTitle('workshopsDashboard'),
  ])
  const tabs = [
    { value: '', label: 'À venir', count: list.counts.upcoming },
    { value: 'past', label: 'Passés', count: list.counts.past },
  ]
  const current = values.tab === 'past' ? 'past' : ''
  const canCreate = can(user, 'workshops.modify')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${list.counts.upcoming} à venir, ${list.counts.past} passé${list.counts.past > 1 ? 's' : ''}`}
        actions={
          canCreate ? (
            <Link href="/workshops/create" className={buttonClass('primary')}>
              Créer un atelier
            </Link>
          ) : undefined
        }
      />
      <nav aria-label="Période des ateliers" className="mb-4 border-b border-slate-200">
        <ul className="flex gap-2">
          {tabs.map((t) => (
            <li key={t.value}>
              <Link
                href={pageHref(PATH, { ...values, tab: t.value }, 1)}
                aria-current={t.value === current ? 'page' : undefined}
                className={clsx(
                  'block border-b-2 px-3 py-2 text-sm no-underline',
                  t.value === current
                    ? 'border-brand-700 font-semibold text-brand-800'
                    : 'border-transparent text-slate-700',
                )}
              >
                {t.label} ({t.count})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <UrlFilters
        label="Filtrer les ateliers"
        searchLabel="Rechercher"
        placeholder="Non disponible"
        hideSearch
        values={values}
        selects={[
          {
            name: 'theme',
            label: 'Thème',
            options: [{ value: '', label: 'Tous les thèmes' }, ...options.themes.map((t) => ({ value: t, label: t }))],
          },
          {
            name: 'facilitator',
            label: 'Animateur',
            options: [
              { value: '', label: 'Tous les animateurs' },
              ...options.facilitators.map((f) => ({
                value: f.id,
                label: fullName(f),
              })),
            ],
          },
          {
            name: 'place',
            label: 'Lieu',
            options: [
              { value: '', label: 'Tous les lieux' },
              { value: VIDEO_PLACE, label: 'Visioconférence' },
              ...options.places.map((p) => ({ value: p, label: p })),
            ],
          },
        ]}
      />
      {list.rows.length === 0 ? (
        <EmptyState
          title={current === 'past' ? 'Aucun atelier passé.' : 'Aucun atelier à venir.'}
          action={
            // Its own words, so that it is not read as the header's "Créer un atelier".
            current === '' && canCreate ? (
              <Link href="/workshops/create" className={buttonClass('secondary')}>
                Programmer un atelier
              </Link>
            ) : undefined
          }
        >
          Programmez un atelier collectif pour y inscrire vos candidats.
        </EmptyState>
      ) : (
        <SimpleTable
          caption={current === 'past' ? 'Ateliers passés' : 'Ateliers à venir'}
          headers={['Date', 'Atelier', 'Thème', 'Lieu', 'Places prises', 'Liste d’attente']}
          rows={list.rows.map((r) => ({
            key: r.id,
            cells: [
              r.startsAt ? `${formatDate(r.startsAt)} ${formatTime(r.startsAt)}` : '',
              <span key="n">
                <Link href={`/workshops/${r.id}`}>{r.name}</Link>
                {r.status === 'cancelled' && (
                  <StatusBadge tone={WORKSHOP_STATUS_TONES.cancelled} className="ml-2">
                    Annulé
                  </StatusBadge>
                )}
              </span>,
              r.theme,
              r.addressFormatted ?? (r.videoUrl ? 'Visioconférence' : ''),
              `${r.seatsTaken} / ${orEmpty(r.capacity)}`,
              r.waitlistCount,
            ],
          }))}
        />
      )}
      <Pager page={list.page} total={list.total} href={(p) => pageHref(PATH, values, p)} label="Pages des ateliers" />
    </>
  )
}
