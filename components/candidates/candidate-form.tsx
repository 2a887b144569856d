'use client'

import { useEffect, useRef, useState, useTransition } from 'react'
import Link from '@/components/ui/link'
import { useRouter } from 'next/navigation'
import { toast } from '@/components/ui/toast'
import { Button, buttonClass } from '@/components/ui/button'
import { createCandidateAction, updateCandidateAction } from '@/lib/candidates/actions'
import { validateCandidate, type CandidateErrors } from '@/lib/candidates/candidate-schema'
import type { DuplicateMatch } from '@/lib/candidates/duplicates'
import { CANDIDATE_FIELD_LABELS as L } from '@/lib/candidates/field-labels'
import { CustomFieldControl, FormControl } from './candidate-form-controls'
import type { CandidateFormSettings, CandidateFormValues } from './candidate-form-values'
import { DuplicateWarning } from './duplicate-warning'
import { parisToday } from '@/lib/dates'

type Props = { settings: CandidateFormSettings; initial: CandidateFormValues; cancelHref: string } & (
  | { mode: 'create'; orientationId?: string }
  | { mode: 'edit'; candidateId: string; hasNir: boolean; returnHref: string }
)

const errorCount = (n: number) => (n > 1 ? `${n} champs sont à corriger` : 'Un champ est à corriger')

/**
 * The candidate's identity and situation: /v2/candidate/create, and the sheet's edit form (prefilled).
 * It checks with the same pure function as the server (validateCandidate) before sending; the server checks again,
 * with the organisation's references and the duplicates, and its French messages land under the same fields.
 */
export function CandidateForm(props: Props) {
  const { settings, initial, cancelHref } = props
  const router = useRouter()
  const formRef = useRef<HTMLFormElement>(null)
  const warningRef = useRef<HTMLDivElement>(null)
  const [values, setValues] = useState(initial)
  const [clearNir, setClearNir] = useState(false)
  const [errors, setErrors] = useState<CandidateErrors>({})
  const [focusTick, setFocusTick] = useState(0)
  const [duplicates, setDuplicates] = useState<DuplicateMatch[] | null>(null)
  const [pending, startTransition] = useTransition()

  // After a refused submit: focus the first field in error, in the form's order.
  useEffect(() => {
    if (focusTick === 0) return
    const form = formRef.current
    if (!form) return
    const first = [...form.querySelectorAll<HTMLElement>('[data-field]')].find((el) => errors[el.dataset.field!])
    const target =
      first?.querySelector<HTMLElement>('input, select, textarea') ??
      form.querySelector<HTMLElement>('[data-form-error]')
    target?.focus()
  }, [focusTick, errors])
  useEffect(() => {
    if (duplicates) warningRef.current?.focus()
  }, [duplicates])

  const set = <K extends keyof CandidateFormValues>(key: K, value: CandidateFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setDuplicates(null)
  }
  const setCustom = (key: string, value: CandidateFormValues['customFields'][string]) => {
    setValues((v) => ({ ...v, customFields: { ...v.customFields, [key]: value } }))
    setDuplicates(null)
  }
  const refuse = (found: CandidateErrors) => {
    setErrors(found)
    setFocusTick((t) => t + 1)
  }

  function submit(confirmDuplicates: boolean) {
    const input = { ...values, socialSecurityNumber: clearNir ? '' : values.socialSecurityNumber }
    const local = validateCandidate(input, settings.customFields, parisToday(new Date()))
    if (!local.ok) return refuse(local.errors)
    setErrors({})
    startTransition(async () => {
      try {
        if (props.mode === 'create') {
          const r = await createCandidateAction(input, confirmDuplicates, props.orientationId)
          if (r.ok) {
            toast.success('Candidat créé.')
            router.push(`/v2/candidate/${r.id}`)
          } else if ('duplicates' in r) setDuplicates(r.duplicates)
          else if ('errors' in r) refuse(r.errors)
          else toast.error(r.error)
        } else {
          const r = await updateCandidateAction(props.candidateId, input, clearNir)
          if (r.ok) {
            toast.success(r.changed.length ? 'Fiche du candidat mise à jour.' : 'Aucune modification à enregistrer.')
            router.push(props.returnHref)
            router.refresh()
          } else if ('errors' in r) refuse(r.errors)
          else toast.error(r.error)
        }
      } catch {
        toast.error('L’enregistrement a échoué. Vérifiez votre connexion et réessayez.')
      }
    })
  }

  const text = (
    key: 'firstName' | 'lastName' | 'phone' | 'email' | 'cafNumber' | 'poleEmploiNumber' | 'addressFormatted',
    extra: {
      type?: string
      autoComplete?: string
      required?: boolean
      hint?: string
      className?: string
      inputMode?: 'tel' | 'email' | 'numeric'
    } = {},
  ) => (
    <FormControl
      name={key}
      label={L[key]}
      error={errors[key]}
      required={extra.required}
      hint={extra.hint}
      className={extra.className}
    >
      {(p) => (
        <input
          {...p}
          type={extra.type ?? 'text'}
          autoComplete={extra.autoComplete}
          inputMode={extra.inputMode}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </FormControl>
  )
  const count = Object.keys(errors).length
  const editing = props.mode === 'edit'

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit(false)
      }}
      className="flex max-w-4xl flex-col gap-6"
      aria-describedby="candidate-form-required"
    >
      <p id="candidate-form-required" className="text-sm text-slate-600">
        Les champs marqués d’un astérisque (*) sont obligatoires.
      </p>
      {count > 0 && (
        <div
          role="alert"
          data-form-error
          tabIndex={-1}
          className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <p className="font-medium">{errorCount(count)}.</p>
          {errors._form && <p className="mt-1">{errors._form}</p>}
        </div>
      )}

      <fieldset className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-semibold text-slate-900">Identité</legend>
        {text('firstName', { required: true, autoComplete: 'off' })}
        {text('lastName', { required: true, autoComplete: 'off' })}
        <FormControl name="gender" label={L.gender} error={errors.gender}>
          {(p) => (
            <select
              {...p}
              value={values.gender}
              onChange={(e) => set('gender', e.target.value as CandidateFormValues['gender'])}
            >
              <option value="">Non renseigné</option>
              <option value="F">Femme</option>
              <option value="M">Homme</option>
            </select>
          )}
        </FormControl>
        <FormControl name="birthDate" label={L.birthDate} error={errors.birthDate}>
          {(p) => (
            <input {...p} type="date" value={values.birthDate} onChange={(e) => set('birthDate', e.target.value)} />
          )}
        </FormControl>
        {text('phone', { type: 'tel', inputMode: 'tel', hint: 'Par exemple : 06 12 34 56 78' })}
        {text('email', { type: 'email', inputMode: 'email' })}
        <div className="flex flex-col gap-2 sm:col-span-2">
          <FormControl
            name="socialSecurityNumber"
            label={L.socialSecurityNumber}
            error={errors.socialSecurityNumber}
            hint={
              editing && props.hasNir
                ? 'Laisser vide pour conserver le numéro enregistré'
                : '13 caractères et la clé de 2 chiffres, espaces permis : 2 84 05 76 123 456 78'
            }
          >
            {(p) => (
              <input
                {...p}
                type="text"
                autoComplete="off"
                spellCheck={false}
                disabled={clearNir}
                value={clearNir ? '' : values.socialSecurityNumber}
                onChange={(e) => set('socialSecurityNumber', e.target.value)}
              />
            )}
          </FormControl>
          {editing && props.hasNir && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={clearNir}
                onChange={(e) => setClearNir(e.target.checked)}
              />
              Effacer le NIR
            </label>
          )}
        </div>
        {text('addressFormatted', { className: 'sm:col-span-2', autoComplete: 'off' })}
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-700"
            checked={values.addressIsQpv}
            onChange={(e) => set('addressIsQpv', e.target.checked)}
          />
          L’adresse est en quartier prioritaire de la ville (QPV)
        </label>
      </fieldset>

      <fieldset className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-semibold text-slate-900">Situation</legend>
        {text('cafNumber', { inputMode: 'numeric', hint: '7 chiffres' })}
        {text('poleEmploiNumber', {
          hint: '7 chiffres et un chiffre ou une lettre, éventuellement suivis des 3 chiffres de l’agence',
        })}
        <FormControl name="placeId" label={L.placeId} error={errors.placeId}>
          {(p) => (
            <select {...p} value={values.placeId} onChange={(e) => set('placeId', e.target.value)}>
              <option value="">Non renseigné</option>
              {settings.places.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </FormControl>
        <FormControl name="statusId" label={L.statusId} error={errors.statusId}>
          {(p) => (
            <select {...p} value={values.statusId} onChange={(e) => set('statusId', e.target.value)}>
              <option value="">Non renseigné</option>
              {settings.statuses.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </FormControl>
        <FormControl name="referentId" label={L.referentId} error={errors.referentId}>
          {(p) => (
            <select {...p} value={values.referentId} onChange={(e) => set('referentId', e.target.value)}>
              <option value="">Aucun</option>
              {settings.referents.map((r) => (
                <option key={r.id} value={r.id}>
                  {`${r.firstName ?? ''} ${r.lastName ?? ''}`.trim()}
                </option>
              ))}
            </select>
          )}
        </FormControl>
        {settings.customFields.length > 0 && (
          <>
            <h2 className="mt-2 text-base font-semibold text-slate-900 sm:col-span-2">Champs personnalisés</h2>
            {settings.customFields.map((def) => (
              <CustomFieldControl
                key={def.key}
                def={def}
                value={values.customFields[def.key]}
                error={errors[`customFields.${def.key}`]}
                onChange={(v) => setCustom(def.key, v)}
              />
            ))}
          </>
        )}
      </fieldset>

      {duplicates && (
        <DuplicateWarning
          ref={warningRef}
          duplicates={duplicates}
          pending={pending}
          onConfirm={() => submit(true)}
          onDismiss={() => setDuplicates(null)}
        />
      )}

      <div className="flex flex-wrap gap-3">
        {!duplicates && (
          <Button type="submit" disabled={pending}>
            {pending ? 'Enregistrement…' : editing ? 'Enregistrer les modifications' : 'Créer le candidat'}
          </Button>
        )}
        <Link href={cancelHref} className={buttonClass('secondary')}>
          Annuler
        </Link>
      </div>
    </form>
  )
}
