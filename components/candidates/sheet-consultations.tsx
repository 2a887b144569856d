import { ConsultationsView } from '@/components/journal/consultations-view'
import { buttonClass } from '@/components/ui/button'
import type { SheetConsultationsData } from '@/lib/candidates/sheet/consultations'

/**
 * The sheet's "Consultations" section (administrators only; the sheet checks): who opened this person's file, when
 * and what, from the read journal; and the person's right of access, as one file.
 */
export function SheetConsultations({
  candidateId,
  filters,
  list,
  readers,
}: SheetConsultationsData & { candidateId: string }) {
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="droit-acces"
        className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="min-w-0 max-w-2xl">
          <h2 id="droit-acces" className="text-base font-semibold text-slate-900">
            Droit d’accès de la personne
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Un fichier (JSON) de tout ce que Passerelle conserve sur cette personne&nbsp;: identité, coordonnées, suivi,
            prescriptions et fiches de liaison, SMS, ateliers, parcours, diagnostics, historique et consultations. Le
            numéro de sécurité sociale n’y figure pas en clair.
          </p>
        </div>
        <a href={`/api/candidates/${candidateId}/access-export`} download className={buttonClass('secondary')}>
          Exporter ses données
        </a>
      </section>
      <section aria-labelledby="consultations-titre">
        <h2 id="consultations-titre" className="mb-4 text-lg font-semibold text-slate-900">
          Consultations du dossier
        </h2>
        <ConsultationsView
          caption="Consultations du dossier"
          rows={list.rows}
          total={list.total}
          filters={filters}
          path={`/v2/candidate/${candidateId}/consultations`}
          csvHref={`/api/read-journal?candidate=${candidateId}`}
          readers={readers}
        />
      </section>
    </div>
  )
}
