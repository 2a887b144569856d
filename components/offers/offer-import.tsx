'use client'

import { useRouter } from 'next/navigation'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FileCheckRow, useFileCheck } from '@/components/imports/file-check'
import { Button } from '@/components/ui/button'
import { SimpleTable } from '@/components/ui/simple-table'
import { toast } from '@/components/ui/toast'
import { orEmpty } from '@/lib/format'
import { ofName } from '@/lib/text/french'

type Line = { line: number; name: string; errors: string[]; update: boolean }
type Preview = {
  format: 'csv' | 'data-inclusion'
  valid: number
  invalid: number
  updates: number
  errors: Line[]
  sample: Line[]
}
/** A structure's offers from a CSV / Excel file or a data·inclusion JSON file — checked first, then imported. */
export function OfferImport({ structureId, structureName }: { structureId: string; structureName: string }) {
  const router = useRouter()
  const { preview, error, busy, choose, check, commit } = useFileCheck<Preview>({
    base: '/api/offer-imports',
    fields: { structureId },
    missing: 'Choisissez un fichier CSV, Excel (.xlsx) ou JSON à importer.',
    onImported: (body) => {
      const { created, updated } = body as { created: number; updated: number }
      toast.success(
        `${created} offre${created > 1 ? 's' : ''} ajoutée${created > 1 ? 's' : ''}, ${updated} mise${updated > 1 ? 's' : ''} à jour.`,
      )
      router.push(`/partners/structure/${structureId}`)
    },
  })

  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <section aria-labelledby="import-format" className="rounded-lg border border-slate-200 bg-white p-5 text-sm">
        <h2 id="import-format" className="mb-2 font-semibold">
          Formats acceptés
        </h2>
        <ul className="list-disc pl-5 text-slate-700">
          <li>
            CSV ou Excel avec une ligne d’en-tête&nbsp;: <code>nom</code> (obligatoire), <code>description</code>,{' '}
            <code>date de début</code>, <code>date de fin</code> (jj/mm/aaaa), <code>étiquettes</code>,{' '}
            <code>modes de financement</code> (séparés par des points-virgules), <code>adresse</code>,{' '}
            <code>nom du contact</code>, <code>téléphone du contact</code>, <code>email du contact</code>,{' '}
            <code>identifiant</code>.
          </li>
          <li>
            JSON des services data·inclusion&nbsp;: un export, ou une page de son API (liste ou recherche), au schéma v0
            ou v1. Leurs thématiques deviennent les étiquettes et classent les offres sous vos freins&nbsp;; leur
            présentation garde sa mise en forme, et leurs frais, publics, modes d’accueil, zone, horaires, pré-requis et
            justificatifs rejoignent les informations utiles. Si le fichier contient les services de plusieurs
            structures, seuls ceux {ofName(structureName)} (même SIRET ou même identifiant data·inclusion) sont
            importés.
          </li>
        </ul>
        <p className="mt-2 text-slate-700">
          Les offres importées gardent leur source et ne se modifient pas dans Passerelle. Importer à nouveau le même
          fichier met à jour les offres déjà importées.
        </p>
      </section>
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <FileCheckRow
          label={`Fichier des offres ${ofName(structureName)}`}
          accept=".csv,.xlsx,.json,text/csv,application/json"
          busy={busy}
          onChoose={choose}
          onCheck={check}
        />
      </div>
      <ErrorSummary form={{ errors: {}, error }} />
      {preview && (
        <section aria-labelledby="import-preview" className="flex flex-col gap-4">
          <h2 id="import-preview" className="text-lg font-semibold">
            Vérification du fichier
          </h2>
          <p role="status" className="text-sm">
            {preview.valid} offre{preview.valid > 1 ? 's' : ''} valide{preview.valid > 1 ? 's' : ''} (dont{' '}
            {preview.updates} déjà importée{preview.updates > 1 ? 's' : ''}, mise{preview.updates > 1 ? 's' : ''} à
            jour), {preview.invalid} ligne{preview.invalid > 1 ? 's' : ''} en erreur
            {preview.invalid ? ', ignorée' + (preview.invalid > 1 ? 's' : '') : ''}.
          </p>
          {preview.errors.length > 0 && (
            <SimpleTable
              caption="Lignes en erreur"
              headers={['Ligne', 'Offre', 'Erreurs']}
              rows={preview.errors.map((l) => ({
                key: String(l.line),
                cells: [l.line, orEmpty(l.name), l.errors.join(' · ')],
              }))}
            />
          )}
          {preview.sample.length > 0 && (
            <SimpleTable
              caption="Premières offres valides"
              headers={['Ligne', 'Offre', 'Import']}
              rows={preview.sample.map((l) => ({
                key: String(l.line),
                cells: [l.line, l.name, l.update ? 'Mise à jour' : 'Nouvelle offre'],
              }))}
            />
          )}
          <div>
            <Button onClick={commit} disabled={busy !== null || preview.valid === 0}>
              {busy === 'import'
                ? 'Import en cours…'
                : `Importer ${preview.valid} offre${preview.valid > 1 ? 's' : ''}`}
            </Button>
          </div>
        </section>
      )}
    </div>
  )
}
