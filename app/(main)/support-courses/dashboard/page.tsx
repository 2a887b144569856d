import { notFound } from 'next/navigation'
import { UrlFilters } from '@/components/directory/url-filters'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { Pager } from '@/components/prescriptions/pager'
import { CreateCourseDialog } from '@/components/support-courses/course-controls'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { pageHref, params as urlParams, type SearchParams } from '@/lib/directory/params'
import { can } from '@/lib/permissions'
import { fullName } from '@/lib/person-name'
import { listCourses, ownerChoices } from '@/lib/support-courses/queries'

export const generateMetadata = pageMetadata('supportCoursesDashboard')

const PATH = '/support-courses/dashboard'

/** (support-courses.visualize) The organisation's courses, by owner, with enrolled, active, late and finished counts. */
export default async function SupportCoursesDashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePagePermission('support-courses.visualize')
  const organisationId = user.organisationId
  if (!organisationId) notFound()
  const db = getDb()
  const owners = await ownerChoices(db, organisationId, user, can(user, 'filters.authors'))
  const sp = await searchParams
  const values = {
    owner: urlParams.choice(
      sp,
      'owner',
      owners.map((o) => o.id),
    ),
  }
  const page = urlParams.page(sp)
  const today = parisToday(now())
  const [list, title] = await Promise.all([
    listCourses(db, organisationId, { ownerId: values.owner, page }, today),
    pageTitle('supportCoursesDashboard'),
  ])
  const canModify = can(user, 'support-courses.modify')
  const ownerOptions = owners.map((o) => ({ id: o.id, name: fullName(o) }))
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${list.total} parcours`}
        actions={canModify ? <CreateCourseDialog owners={ownerOptions} defaultOwnerId={user.id} /> : undefined}
      />
      <UrlFilters
        label="Filtrer les parcours"
        searchLabel="Rechercher"
        placeholder=""
        hideSearch
        values={values}
        selects={[
          {
            name: 'owner',
            label: 'Responsable',
            options: [
              { value: '', label: 'Tous les responsables' },
              ...ownerOptions.map((o) => ({ value: o.id, label: o.name })),
            ],
          },
        ]}
      />
      {list.rows.length === 0 ? (
        <EmptyState
          title="Aucun parcours."
          action={
            canModify ? (
              <CreateCourseDialog
                owners={ownerOptions}
                defaultOwnerId={user.id}
                label="Créer un premier parcours"
                variant="secondary"
              />
            ) : undefined
          }
        >
          {'Un parcours d’accompagnement est une suite d’étapes que vos candidats suivent.'}
        </EmptyState>
      ) : (
        <SimpleTable
          caption={title}
          headers={['Parcours', 'Responsable', 'Inscrits', 'Actifs', 'En retard', 'Terminés']}
          rows={list.rows.map((r) => ({
            key: r.id,
            cells: [
              <Link key="n" href={`/support-courses/${r.id}`}>
                {r.name}
              </Link>,
              fullName({ firstName: r.ownerFirstName, lastName: r.ownerLastName }),
              r.counts.enrolled,
              r.counts.active,
              r.counts.late,
              r.counts.finished,
            ],
          }))}
        />
      )}
      <Pager page={list.page} total={list.total} href={(p) => pageHref(PATH, values, p)} label="Pages des parcours" />
    </>
  )
}
