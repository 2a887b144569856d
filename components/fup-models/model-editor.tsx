'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import { Icon } from '@/components/ui/icon'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/toast'
import type { FupSponsorLogo } from '@/lib/db/schema/applies'
import type { FupModelField } from '@/lib/db/schema/fup-models'
import { deleteFupModelAction, updateFupModelAction } from '@/lib/fup-models/actions'
import { FIELD_TYPE_LABELS } from '@/lib/labels'

type FieldDraft = { id: string; key?: string; label: string; type: string; required: boolean; options: string }
type LogoDraft = FupSponsorLogo & { id: string }

const isList = (type: string) => type === 'list' || type === 'listMultiple'
let counter = 0
const draftId = () => `new-${++counter}`

/** A logo's row: preview and three fields, then "Obligatoire" and "Retirer" below them until the screen is wide. */
const LOGO_ROW =
  'grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:items-end ' +
  'md:grid-cols-[8rem_repeat(3,minmax(0,1fr))] xl:grid-cols-[8rem_repeat(3,minmax(0,1fr))_auto_auto]'

/** /v2/settings/modeles/:id — the model's name, its additional fields (ordered) and its sponsor logos, saved at once. */
export function ModelEditor({
  id,
  name,
  fields,
  logos,
}: {
  id: string
  name: string
  fields: FupModelField[]
  logos: FupSponsorLogo[]
}) {
  const router = useRouter()
  const [modelName, setModelName] = useState(name)
  const [drafts, setDrafts] = useState<FieldDraft[]>(
    fields.map((f) => ({
      id: f.key,
      key: f.key,
      label: f.label,
      type: f.type,
      required: f.required,
      options: f.options.map((o) => o.label).join('\n'),
    })),
  )
  const [logoDrafts, setLogoDrafts] = useState<LogoDraft[]>(logos.map((l, i) => ({ ...l, id: `logo-${i}` })))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)

  const setField = (i: number, patch: Partial<FieldDraft>) =>
    setDrafts((d) => d.map((f, j) => (j === i ? { ...f, ...patch } : f)))
  const setLogo = (i: number, patch: Partial<LogoDraft>) =>
    setLogoDrafts((d) => d.map((l, j) => (j === i ? { ...l, ...patch } : l)))
  const move = (i: number, by: number) =>
    setDrafts((d) => {
      const next = [...d]
      ;[next[i], next[i + by]] = [next[i + by]!, next[i]!]
      return next
    })

  async function save(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const input = {
      name: modelName,
      additionalFields: drafts.map((f) => ({
        key: f.key,
        label: f.label,
        type: f.type,
        required: f.required,
        options: isList(f.type) ? f.options.split('\n') : [],
      })),
      sponsorsLogo: logoDrafts.map(({ label, value, uri, required }) => ({ label, value, uri, required })),
    }
    const result = await updateFupModelAction(id, input).catch(() => ({
      ok: false as const,
      error: 'L’enregistrement a échoué. Réessayez dans un instant.',
      fieldErrors: undefined,
    }))
    setSending(false)
    if (result.ok) {
      setErrors({})
      setError(null)
      toast.success('Modèle enregistré. Les prochaines prescriptions le suivent.')
      router.refresh()
      return
    }
    setErrors(result.fieldErrors ?? {})
    setError(result.error)
    toast.error(result.error)
  }

  async function remove() {
    setDeleting(true)
    const result = await deleteFupModelAction(id)
    setDeleting(false)
    if (result.ok) {
      toast.success('Modèle supprimé.')
      router.push('/v2/settings/modeles')
    } else toast.error(result.error)
  }

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-6">
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <FeedbackField
        label="Nom du modèle"
        value={modelName}
        onChange={setModelName}
        error={errors.name}
        required
        className="max-w-xl"
      />

      <section aria-labelledby="model-fields" className="flex flex-col gap-3">
        <h2 id="model-fields" className="text-lg font-semibold text-slate-900">
          Champs demandés au référent
        </h2>
        <p className="text-sm text-slate-600">
          Le référent les remplit en prescrivant&nbsp;; le partenaire les lit sur la fiche et son PDF.
        </p>
        {errors.additionalFields && <p className="text-sm text-red-700">{errors.additionalFields}</p>}
        <ol className="flex flex-col gap-3">
          {drafts.map((f, i) => (
            <FieldRow
              key={f.id}
              index={i}
              field={f}
              count={drafts.length}
              errors={errors}
              onChange={(patch) => setField(i, patch)}
              onMove={(by) => move(i, by)}
              onRemove={() => setDrafts((d) => d.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setDrafts((d) => [...d, { id: draftId(), label: '', type: 'text', required: false, options: '' }])
            }
          >
            Ajouter un champ
          </Button>
        </div>
      </section>

      <section aria-labelledby="model-logos" className="flex flex-col gap-3">
        <h2 id="model-logos" className="text-lg font-semibold text-slate-900">
          Logos des financeurs
        </h2>
        <p className="text-sm text-slate-600">
          Le partenaire choisit les logos de sa réponse parmi ceux-ci&nbsp;; un logo obligatoire y figure toujours. Le
          logo FSE s’ajoute de lui-même aux offres financées par le FSE.
        </p>
        <ul className="flex flex-col gap-3">
          {logoDrafts.map((l, i) => (
            <li key={l.id} className={LOGO_ROW}>
              <LogoPreview key={l.uri} uri={l.uri} label={l.label} />
              <FeedbackField
                label={`Libellé du logo ${i + 1}`}
                value={l.label}
                onChange={(label) => setLogo(i, { label })}
                error={errors[`sponsorsLogo.${i}.label`]}
                required
              />
              <FeedbackField
                label={`Valeur du logo ${i + 1}`}
                value={l.value}
                onChange={(value) => setLogo(i, { value })}
                error={errors[`sponsorsLogo.${i}.value`]}
                required
              />
              <FeedbackField
                label={`Adresse de l’image du logo ${i + 1}`}
                value={l.uri}
                onChange={(uri) => setLogo(i, { uri })}
                error={errors[`sponsorsLogo.${i}.uri`]}
                required
              />
              <label className="flex items-center gap-2 pb-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={l.required}
                  onChange={(e) => setLogo(i, { required: e.target.checked })}
                />
                Obligatoire
              </label>
              <Button
                variant="ghost"
                className="justify-self-start"
                onClick={() => setLogoDrafts((d) => d.filter((_, j) => j !== i))}
              >
                Retirer<span className="sr-only"> le logo {i + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setLogoDrafts((d) => [...d, { id: draftId(), label: '', value: '', uri: '', required: false }])
            }
          >
            Ajouter un logo
          </Button>
        </div>
      </section>

      <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4">
        <Button type="submit" disabled={sending}>
          {sending ? 'Enregistrement…' : 'Enregistrer le modèle'}
        </Button>
        <Button variant="danger" onClick={() => setConfirmDelete(true)}>
          Supprimer le modèle
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={'Supprimer ce modèle\u00a0?'}
        description="Les prochaines prescriptions n’auront plus ses champs ni ses logos. Les fiches déjà envoyées gardent les leurs."
        confirmLabel="Supprimer le modèle"
        onConfirm={remove}
        pending={deleting}
      />
    </form>
  )
}

function FieldRow({
  index,
  field,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  index: number
  field: FieldDraft
  count: number
  errors: Record<string, string>
  onChange: (patch: Partial<FieldDraft>) => void
  onMove: (by: number) => void
  onRemove: () => void
}) {
  const optionsId = useId()
  const n = index + 1
  const error = (name: string) => errors[`additionalFields.${index}.${name}`]
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-[1fr_14rem_auto] md:items-start">
      <FeedbackField
        label={`Libellé du champ ${n}`}
        value={field.label}
        onChange={(label) => onChange({ label })}
        error={error('label')}
        required
      />
      {field.key ? (
        // A saved field keeps its type: the answers already given are in its shape.
        <p className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">Type du champ {n}</span>
          <span className="py-2">{FIELD_TYPE_LABELS[field.type]}</span>
        </p>
      ) : (
        <FeedbackField
          label={`Type du champ ${n}`}
          as="select"
          value={field.type}
          onChange={(type) => onChange({ type })}
          error={error('type')}
          required
        >
          {Object.entries(FIELD_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FeedbackField>
      )}
      <div className="flex flex-wrap items-center gap-1 md:pt-6">
        <Button
          variant="ghost"
          className="px-2"
          aria-label={`Monter le champ ${n}`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <Icon name="arrow-up" size={16} />
        </Button>
        <Button
          variant="ghost"
          className="px-2"
          aria-label={`Descendre le champ ${n}`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <Icon name="arrow-down" size={16} />
        </Button>
        <Button variant="ghost" onClick={onRemove}>
          Retirer<span className="sr-only"> le champ {n}</span>
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm md:col-span-3">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={field.required}
          onChange={(e) => onChange({ required: e.target.checked })}
        />
        Champ {n} obligatoire
      </label>
      {isList(field.type) && (
        <div className="flex flex-col gap-1 md:col-span-3">
          <label htmlFor={optionsId} className="text-sm font-medium text-slate-800">
            Choix du champ {n}
          </label>
          <textarea
            id={optionsId}
            rows={3}
            value={field.options}
            onChange={(e) => onChange({ options: e.target.value })}
            aria-invalid={error('options') ? true : undefined}
            aria-describedby={`${optionsId}-hint${error('options') ? ` ${optionsId}-error` : ''}`}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <p id={`${optionsId}-hint`} className="text-xs text-slate-600">
            Un choix par ligne.
          </p>
          {error('options') && (
            <p id={`${optionsId}-error`} className="text-sm text-red-700">
              {error('options')}
            </p>
          )}
        </div>
      )}
    </li>
  )
}

/**
 * The logo as the partner's PDF will draw it, rather than its address. The pages' Content-Security-Policy shows only
 * Passerelle's own images ('self', data:): another site's address says so instead of a broken image.
 */
function LogoPreview({ uri, label }: { uri: string; label: string }) {
  const [broken, setBroken] = useState(false)
  const image = useRef<HTMLImageElement>(null)
  // An image that failed before the page hydrated fired its error event unheard: read its state once mounted.
  useEffect(() => {
    const img = image.current
    if (img?.complete && img.naturalWidth === 0) setBroken(true)
  }, [])
  const own = (uri.startsWith('/') && !uri.startsWith('//')) || uri.startsWith('data:image/')
  const note = (text: string) => <span className="flex h-12 items-center text-xs text-slate-600">{text}</span>
  if (!uri) return note('Pas encore d’image')
  if (!own) return note('Aperçu indisponible (image d’un autre site)')
  if (broken) return note('Image introuvable')
  return (
    <span className="flex h-12 items-center">
      {/* eslint-disable-next-line @next/next/no-img-element -- a small SVG or PNG at its own size, no optimisation to do */}
      <img
        ref={image}
        src={uri}
        alt={label ? `Logo ${label}` : 'Logo'}
        className="max-h-12 max-w-32 object-contain"
        onError={() => setBroken(true)}
      />
    </span>
  )
}
