'use client'

import { Popover } from '@/components/ui/popover'
import { Tooltip } from '@/components/ui/tooltip'
import { fullName, listName } from '@/lib/person-name'
import { EMPTY_VALUE } from '@/lib/format'
import type { ApplyRow } from '@/lib/prescriptions/offer-tab-rows'

/** Spec §6 candidate.visualize: the name opens the candidate sheet in a new tab, else plain text. */
export function CandidateCell({ candidate, linked }: { candidate: ApplyRow['candidate']; linked: boolean }) {
  const name = listName(candidate)
  if (!linked) return <span className="font-medium">{name}</span>
  return (
    <a href={`/v2/candidate/${candidate.id}`} target="_blank" rel="noopener noreferrer" className="font-medium">
      {name}
    </a>
  )
}

/** 'Fiche.pdf' downloads the prescription; a manual prescription has no document. */
export function PrescriptionCell({
  prescription,
  labels,
}: {
  prescription: ApplyRow['prescription']
  labels: { manual: string; file: string }
}) {
  if (!prescription) return <em className="text-slate-600">{labels.manual}</em>
  return (
    <a href={`/api/documents/${prescription.documentId}`} download="Fiche.pdf">
      {labels.file}
    </a>
  )
}

/** Spec §2: the author tooltip shows name, phone and email. */
export function AuthorCell({ author }: { author: ApplyRow['author'] }) {
  const name = fullName(author)
  return (
    <Tooltip
      content={
        <span className="flex flex-col">
          <span className="font-semibold">{name}</span>
          {author.phone && <span>{author.phone}</span>}
          <span>{author.email}</span>
        </span>
      }
    >
      <button type="button" className="text-left underline decoration-dotted underline-offset-2">
        {name}
      </button>
    </Tooltip>
  )
}

/** Spec §2: the accompaniement popover lists the candidate's other integrated social offers with their integration date. */
export function AccompaniementsCell({ others }: { others: ApplyRow['otherIntegratedSocialOffers'] }) {
  if (others.length === 0) return <span className="text-slate-500">{EMPTY_VALUE}</span>
  const label = `${others.length} accompagnement${others.length > 1 ? 's' : ''}`
  return (
    <Popover
      label="Autres offres sociales intégrées"
      trigger={
        <button type="button" className="text-brand-700 underline underline-offset-2">
          {label}
        </button>
      }
    >
      <p className="mb-2 font-semibold">Autres offres sociales intégrées</p>
      <ul className="flex flex-col gap-1">
        {others.map((o, i) => (
          <li key={i}>
            {o.name} <span className="text-slate-600">– intégré le {o.integrationDate}</span>
          </li>
        ))}
      </ul>
    </Popover>
  )
}

/** A pending prescription's date and how long it has waited for the answer ("En attente depuis 12 jours"). */
export function PrescriptionDateCell({ date, waiting }: { date: string; waiting: string }) {
  return (
    <span className="flex flex-col">
      <span>{date}</span>
      <span className="text-xs text-slate-600">{waiting}</span>
    </span>
  )
}
