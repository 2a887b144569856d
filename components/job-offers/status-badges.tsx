import { clsx } from 'clsx'
import { JOB_OFFER_STATUSES, PLACEMENT_STATUSES, type JobOfferStatus, type PlacementStatus } from '@/lib/job-offers/labels'

export function JobOfferStatusBadge({ status }: { status: JobOfferStatus }) {
  return (
    <span className={clsx('inline-block rounded-full px-2.5 py-0.5 text-xs font-medium', status === 'open' ? 'bg-emerald-100 text-emerald-800' : status === 'filled' ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-800')}>
      {JOB_OFFER_STATUSES[status]}
    </span>
  )
}

export function PlacementStatusBadge({ status }: { status: PlacementStatus }) {
  return (
    <span className={clsx('inline-block rounded-full px-2.5 py-0.5 text-xs font-medium', status === 'hired' ? 'bg-emerald-100 text-emerald-800' : status === 'refused' || status === 'abandoned' ? 'bg-slate-100 text-slate-800' : 'bg-amber-50 text-amber-900')}>
      {PLACEMENT_STATUSES[status]}
    </span>
  )
}
