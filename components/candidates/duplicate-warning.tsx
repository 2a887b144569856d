'use client'

import Link from '@/components/ui/link'
import { Button } from '@/components/ui/button'
import type { DuplicateMatch } from '@/lib/candidates/duplicates'
import { formatDate } from '@/lib/dates'
import { fullName } from '@/lib/person-name'

const REASONS: Record<DuplicateMatch['reason'], string> = {
  nir: 'même numéro de sécurité sociale',
  identity: 'mêmes nom, prénom et date de naissance',
}

/** Before creating: the organisation's candidates that look like this one, and an explicit "Créer quand même". */
export function DuplicateWarning({
  ref,
  duplicates,
  pending,
  onConfirm,
  onDismiss,
}: {
  ref: React.Ref<HTMLDivElement>
  duplicates: DuplicateMatch[]
  pending: boolean
  onConfirm: () => void
  onDismiss: () => void
}) {
  const one = duplicates.length === 1
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="duplicate-warning-title"
      className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 sm:p-6"
    >
      <h2 id="duplicate-warning-title" className="text-base font-semibold">
        {one ? 'Ce candidat existe peut-être déjà' : 'Ce candidat existe peut-être déjà plusieurs fois'}
      </h2>
      <p className="mt-1">
        {one
          ? 'Un candidat de votre organisation lui ressemble :'
          : 'Des candidats de votre organisation lui ressemblent :'}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {duplicates.map((d) => (
          <li key={d.candidateId}>
            <Link
              href={`/v2/candidate/${d.candidateId}`}
              target="_blank"
              rel="noopener"
              className="font-medium text-brand-800 underline"
            >
              {fullName(d)}
              <span className="sr-only"> (s’ouvre dans un nouvel onglet)</span>
            </Link>
            {d.birthDate && <>, né(e) le {formatDate(d.birthDate)}</>} — {REASONS[d.reason]}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        Vérifiez sa fiche avant de continuer. Si c’est bien une autre personne, confirmez la création.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onConfirm} disabled={pending}>
          {pending ? 'Enregistrement…' : 'Créer quand même'}
        </Button>
        <Button variant="secondary" onClick={onDismiss} disabled={pending}>
          Revenir à la saisie
        </Button>
      </div>
    </div>
  )
}
