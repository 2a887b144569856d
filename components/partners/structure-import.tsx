'use client'

import { useId } from 'react'
import { useRouter } from 'next/navigation'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FileCheckRow, useFileCheck } from '@/components/imports/file-check'
import { Button } from '@/components/ui/button'
import { SimpleTable } from '@/components/ui/simple-table'
import { toast } from '@/components/ui/toast'
import { orEmpty } from '@/lib/format'
import { formatCount } from '@/lib/numbers'

type StructureLine = {
  line: number
  name: string
  siret: string
  status: 'created' | 'linked' | 'refused'
  reason?: string
  alreadyPartner?: boolean
  notes?: string[]
}
type StructuresPreview = {
  kind: 'structures'
  created: number
  linked: number
  refused: number
  lines: StructureLine[]
}
type ServicesPreview = {
  kind: 'services'
  valid: number
  invalid: number
  updates: number
  perStructure: { structureId: string; name: string; valid: number; updates: number }[]
  errors: { line: number; name: string; errors: string[] }[]
}
type Kind = 'structures' | 'services'

const STATUS: Record<StructureLine['status'], string> = { created: 'Créée', linked: 'Rattachée', refused: 'Refusée' }
function outcomeText(l: StructureLine) {
  if (l.status === 'refused') return l.reason ?? ''
  if (l.status === 'linked')
    return l.alreadyPartner
      ? 'Déjà parmi vos partenaires'
      : 'Déjà connue de Passerelle (même SIRET)\u00a0: rattachée à votre organisation'
  return l.notes?.join(' · ') ?? ''
}

/** Step 1, the structures file; step 2, the services file across them. Each checked, then imported. */
export function StructureImport({ servicesAllowed }: { servicesAllowed: boolean }) {
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <ImportStep
        kind="structures"
        title="1. Les structures"
        label="Fichier des structures (data·inclusion, .json)"
        help="Un export des structures data·inclusion, ou une page de son API (/structures, ou une recherche). Chaque structure est reconnue à son SIRET&nbsp;: une structure que Passerelle connaît déjà est rattachée à votre organisation sans doublon, les autres sont créées avec leur nom, adresse, téléphone, email, site et présentation."
      />
      {servicesAllowed && (
        <ImportStep
          kind="services"
          title="2. Leurs services"
          label="Fichier des services (data·inclusion, .json)"
          help="Un export des services data·inclusion, ou une page de son API (/services, ou une recherche). Chaque service rejoint sa structure, reconnue à son SIRET ou à son identifiant data·inclusion&nbsp;; un service dont la structure n’est pas parmi vos partenaires est écarté."
        />
      )}
    </div>
  )
}

function ImportStep({ kind, title, label, help }: { kind: Kind; title: string; label: string; help: string }) {
  const router = useRouter()
  const headingId = useId()
  const { preview, setPreview, error, busy, choose, check, commit } = useFileCheck<StructuresPreview | ServicesPreview>(
    {
      base: '/api/structure-imports',
      fields: { kind },
      missing: 'Choisissez un fichier JSON exporté de data·inclusion.',
      onImported: (body) => {
        const done = body as { created: number; linked?: number; updated?: number }
        toast.success(
          kind === 'structures'
            ? `${formatCount(done.created, 'structure créée', 'structures créées')}, ${formatCount(done.linked ?? 0, 'rattachée')}.`
            : `${formatCount(done.created, 'offre ajoutée', 'offres ajoutées')}, ${formatCount(done.updated ?? 0, 'mise à jour', 'mises à jour')}.`,
        )
        setPreview(null)
        router.refresh()
      },
    },
  )
  const importable = preview ? (preview.kind === 'structures' ? preview.created + preview.linked : preview.valid) : 0

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-700">{help.replace(' ;', '\u00a0;')}</p>
      <FileCheckRow label={label} accept=".json,application/json" busy={busy} onChoose={choose} onCheck={check} />
      <ErrorSummary form={{ errors: {}, error }} />
      {preview?.kind === 'structures' && (
        <>
          <p role="status" className="text-sm">
            {formatCount(preview.created, 'structure à créer', 'structures à créer')},{' '}
            {formatCount(preview.linked, 'à rattacher', 'à rattacher')},{' '}
            {formatCount(preview.refused, 'ligne refusée', 'lignes refusées')}.
          </p>
          <SimpleTable
            caption="Vérification des structures"
            headers={['Ligne', 'Structure', 'SIRET', 'Résultat', 'Détail']}
            rows={preview.lines.map((l) => ({
              key: String(l.line),
              cells: [l.line, orEmpty(l.name), orEmpty(l.siret), STATUS[l.status], outcomeText(l)],
            }))}
          />
        </>
      )}
      {preview?.kind === 'services' && (
        <>
          <p role="status" className="text-sm">
            {formatCount(preview.valid, 'offre valide', 'offres valides')} (dont{' '}
            {formatCount(preview.updates, 'mise à jour', 'mises à jour')}),{' '}
            {formatCount(preview.invalid, 'ligne écartée', 'lignes écartées')}.
          </p>
          {preview.perStructure.length > 0 && (
            <SimpleTable
              caption="Offres par structure"
              headers={['Structure', 'Offres valides', 'Dont mises à jour']}
              rows={preview.perStructure.map((p) => ({ key: p.structureId, cells: [p.name, p.valid, p.updates] }))}
            />
          )}
          {preview.errors.length > 0 && (
            <SimpleTable
              caption="Lignes écartées"
              headers={['Ligne', 'Service', 'Raison']}
              rows={preview.errors.map((l) => ({
                key: String(l.line),
                cells: [l.line, orEmpty(l.name), l.errors.join(' · ')],
              }))}
            />
          )}
        </>
      )}
      {preview && (
        <div>
          <Button onClick={commit} disabled={busy !== null || importable === 0}>
            {busy === 'import'
              ? 'Import en cours…'
              : kind === 'structures'
                ? `Importer ${formatCount(importable, 'structure')}`
                : `Importer ${formatCount(importable, 'offre')}`}
          </Button>
        </div>
      )}
    </section>
  )
}
