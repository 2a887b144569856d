import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { StatisticsFilterBar } from '@/components/statistics/filter-bar'
import { AnswerDelayCharts } from '@/components/statistics/answer-delay-charts'
import { InvitationCharts } from '@/components/statistics/invitation-charts'
import { StatisticsView } from '@/components/statistics/statistics-view'
import { requireOrganisationUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { formatCount } from '@/lib/numbers'
import { can } from '@/lib/permissions'
import { monthLabel, parseStatisticsFilters } from '@/lib/statistics/filters'
import { answerDelaysForPage, freshnessText } from '@/lib/statistics/answer-delay-summaries'
import { answerDelayChartLines, answerDelayRows } from '@/lib/statistics/answer-delays-table'
import { invitationStatistics } from '@/lib/statistics/invitations'
import { organisationFigures, smsDelivery, statisticsChoices } from '@/lib/statistics/queries'

export const generateMetadata = pageMetadata('statistics')

type SearchParams = Record<string, string | string[] | undefined>

/**
 * The organisation's figures with charts, each with its data table and CSV; filters kept in the URL. The invitations'
 * figures follow the period alone; the partners' answer delays follow every filter (lib/statistics/answer-delays.ts),
 * read from the hourly summary for the whole organisation over a preset period (lib/statistics/answer-delay-summaries.ts).
 */
export default async function StatisticsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireOrganisationUser()
  const db = getDb()
  const asked = parseStatisticsFilters(await searchParams, now())
  const choices = await statisticsChoices(db, {
    organisationId: user.organisationId,
    user,
    allAuthors: can(user, 'filters.authors'),
    structureId: asked.structureId,
  })
  // A choice outside the lists (another organisation's, or a stale link) is dropped.
  const filters = {
    ...asked,
    referentId: choices.referents.some((r) => r.id === asked.referentId) ? asked.referentId : null,
    structureId: choices.structures.some((s) => s.id === asked.structureId) ? asked.structureId : null,
    offerId: choices.offers.some((o) => o.id === asked.offerId) ? asked.offerId : null,
  }
  const at = now()
  const [figures, sms, invitations, delays] = await Promise.all([
    organisationFigures(db, user.organisationId, filters, at),
    smsDelivery(db, user.organisationId, filters),
    invitationStatistics(db, user.organisationId, filters),
    answerDelaysForPage(db, user.organisationId, filters, at),
  ])
  const stats = { ...figures, sms }
  const total = stats.candidates.byStatus.reduce((t, s) => t + s.n, 0)
  const period =
    filters.fromMonth === filters.toMonth
      ? monthLabel(filters.fromMonth)
      : `de ${monthLabel(filters.fromMonth)} à ${monthLabel(filters.toMonth)}`
  return (
    <>
      <PageHeader
        title={await pageTitle('statistics')}
        subtitle={`${formatCount(total, 'candidat suivi', 'candidats suivis')} · prescriptions ${period}`}
      />
      <StatisticsFilterBar filters={filters} choices={choices}>
        <StatisticsView stats={stats} />
        <AnswerDelayCharts
          total={delays.total}
          drawn={answerDelayChartLines(delays.structures)}
          structureCount={delays.structures.length}
          rows={answerDelayRows(delays)}
          capped={delays.capped}
          freshness={delays.asOf && freshnessText(delays.asOf, at)}
        />
        <InvitationCharts {...invitations} />
      </StatisticsFilterBar>
    </>
  )
}
