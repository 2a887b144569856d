'use client'

import { useRouter } from 'next/navigation'
import { useId, useRef, useState } from 'react'

type Choice = { id: string; label: string }
type Values = {
  prescriberName: string
  prescriberStructure: string
  prescriberEmail: string
  prescriberPhone: string
  firstName: string
  lastName: string
  birthDate: string
  phone: string
  email: string
  addressFormatted: string
  placeId: string
  needs: string[]
  situation: string
  consent: boolean
  website: string
}
const EMPTY: Values = {
  prescriberName: '',
  prescriberStructure: '',
  prescriberEmail: '',
  prescriberPhone: '',
  firstName: '',
  lastName: '',
  birthDate: '',
  phone: '',
  email: '',
  addressFormatted: '',
  placeId: '',
  needs: [],
  situation: '',
  consent: false,
  website: '',
}
type Errors = Partial<Record<keyof Values, string>>

const LABELS: Record<keyof Values, string> = {
  prescriberName: 'Vos prénom et nom',
  prescriberStructure: 'Votre structure',
  prescriberEmail: 'Votre email',
  prescriberPhone: 'Votre téléphone',
  firstName: 'Prénom',
  lastName: 'Nom',
  birthDate: 'Date de naissance',
  phone: 'Téléphone',
  email: 'Email',
  addressFormatted: 'Adresse',
  placeId: 'Lieu de résidence',
  needs: 'Ses besoins',
  situation: 'Sa situation en quelques mots',
  consent: 'Accord de la personne',
  website: 'Site web',
}

/**
 * The public referral form (issue 14 §1): plain fields in four groups, every error in French next to its field and in
 * a summary that takes the focus, with links to the fields. Sent as JSON to /api/referral-form/{token} (same origin,
 * 32 kB at most); the hidden "Site web" field is a honeypot.
 */
export function ReferralForm({ token, organisationName, places, needs }: { token: string; organisationName: string; places: Choice[]; needs: Choice[] }) {
  const router = useRouter()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [summary, setSummary] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const summaryRef = useRef<HTMLDivElement>(null)
  const base = useId()
  const idOf = (name: keyof Values) => `${base}-${name}`

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }))
    setErrors((e) => ({ ...e, [name]: undefined }))
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    try {
      const response = await fetch(`/api/referral-form/${encodeURIComponent(token)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(values) })
      const body = (await response.json().catch(() => null)) as { ok?: boolean; error?: string; fieldErrors?: Errors } | null
      if (response.ok && body?.ok) return router.push('/referral-form/confirmation')
      setErrors(body?.fieldErrors ?? {})
      setSummary(body?.error ?? 'L’envoi a échoué. Réessayez dans un instant.')
    } catch {
      setSummary('L’envoi a échoué. Vérifiez votre connexion et réessayez.')
    } finally {
      setSending(false)
    }
    // The summary takes the focus, so that a screen reader reads what to correct.
    requestAnimationFrame(() => summaryRef.current?.focus())
  }

  const listed = Object.entries(errors).filter(([, m]) => m) as [keyof Values, string][]

  const text = (name: keyof Values, props: { type?: string; required?: boolean; autoComplete?: string; hint?: string; inputMode?: 'tel' | 'email' } = {}) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={idOf(name)} className="text-sm font-medium text-slate-800">
        {LABELS[name]}
        {props.required ? <span className="text-red-700"> (obligatoire)</span> : <span className="font-normal text-slate-600"> (facultatif)</span>}
      </label>
      {props.hint && (
        <p id={`${idOf(name)}-hint`} className="text-xs text-slate-600">
          {props.hint}
        </p>
      )}
      <input
        id={idOf(name)}
        name={name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        value={values[name] as string}
        onChange={(e) => set(name, e.target.value as never)}
        required={props.required}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[props.hint ? `${idOf(name)}-hint` : '', errors[name] ? `${idOf(name)}-error` : ''].filter(Boolean).join(' ') || undefined}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
      />
      {errors[name] && (
        <p id={`${idOf(name)}-error`} className="text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  )

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <div ref={summaryRef} tabIndex={-1} aria-live="assertive" className="outline-none">
        {summary && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">{summary}</p>
            {listed.length > 0 && (
              <ul className="mt-2 list-disc pl-5">
                {listed.map(([name, message]) => (
                  <li key={name}>
                    <a href={`#${idOf(name)}`} className="underline">
                      {LABELS[name]}
                    </a>
                    {`\u00a0: ${message}`}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>

      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">Vous, le prescripteur</legend>
        {text('prescriberName', { required: true, autoComplete: 'name' })}
        {text('prescriberStructure', { required: true, autoComplete: 'organization' })}
        {text('prescriberEmail', { type: 'email', required: true, autoComplete: 'email', inputMode: 'email', hint: `${organisationName} vous répond à cette adresse.` })}
        {text('prescriberPhone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      </fieldset>

      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">La personne orientée</legend>
        {text('firstName', { required: true })}
        {text('lastName', { required: true })}
        {text('birthDate', { type: 'date' })}
        {text('phone', { type: 'tel', inputMode: 'tel', hint: 'Un portable, pour qu’elle reçoive ses rendez-vous par SMS.' })}
        {text('email', { type: 'email', inputMode: 'email' })}
        {text('addressFormatted')}
        {places.length > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={idOf('placeId')} className="text-sm font-medium text-slate-800">
              {LABELS.placeId} <span className="font-normal text-slate-600">(facultatif)</span>
            </label>
            <select
              id={idOf('placeId')}
              value={values.placeId}
              onChange={(e) => set('placeId', e.target.value)}
              aria-invalid={errors.placeId ? true : undefined}
              aria-describedby={errors.placeId ? `${idOf('placeId')}-error` : undefined}
              className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            >
              <option value="">Choisir un lieu</option>
              {places.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
            {errors.placeId && (
              <p id={`${idOf('placeId')}-error`} className="text-sm text-red-700">
                {errors.placeId}
              </p>
            )}
          </div>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">Sa situation</legend>
        {needs.length > 0 && (
          <fieldset id={idOf('needs')} aria-describedby={errors.needs ? `${idOf('needs')}-error` : undefined} className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-800">
              {LABELS.needs} <span className="font-normal text-slate-600">(facultatif, plusieurs choix possibles)</span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {needs.map((n) => (
                <label key={n.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" checked={values.needs.includes(n.id)} onChange={(e) => set('needs', e.target.checked ? [...values.needs, n.id] : values.needs.filter((x) => x !== n.id))} className="h-4 w-4" />
                  {n.label}
                </label>
              ))}
            </div>
            {errors.needs && (
              <p id={`${idOf('needs')}-error`} className="text-sm text-red-700">
                {errors.needs}
              </p>
            )}
          </fieldset>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={idOf('situation')} className="text-sm font-medium text-slate-800">
            {LABELS.situation} <span className="font-normal text-slate-600">(facultatif)</span>
          </label>
          <textarea
            id={idOf('situation')}
            value={values.situation}
            onChange={(e) => set('situation', e.target.value)}
            rows={5}
            maxLength={4000}
            aria-invalid={errors.situation ? true : undefined}
            aria-describedby={errors.situation ? `${idOf('situation')}-error` : undefined}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          />
          {errors.situation && (
            <p id={`${idOf('situation')}-error`} className="text-sm text-red-700">
              {errors.situation}
            </p>
          )}
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">Son accord</legend>
        <p id={`${idOf('consent')}-rgpd`} className="text-sm text-slate-700">
          Les informations de ce formulaire sont transmises à {organisationName}, qui les utilise pour accompagner la personne vers l’emploi. Elles sont conservées le temps de cet
          accompagnement. La personne peut y accéder, les faire corriger ou effacer en s’adressant à {organisationName}. Pour en savoir plus, lisez la{' '}
          <a href="/privacy-policy" className="underline" target="_blank" rel="noopener">
            politique de confidentialité
          </a>
          .
        </p>
        <label htmlFor={idOf('consent')} className="flex items-start gap-2 text-sm font-medium text-slate-800">
          <input
            id={idOf('consent')}
            type="checkbox"
            checked={values.consent}
            onChange={(e) => set('consent', e.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={[`${idOf('consent')}-rgpd`, errors.consent ? `${idOf('consent')}-error` : ''].filter(Boolean).join(' ')}
            className="mt-0.5 h-4 w-4"
          />
          <span>
            La personne a donné son accord pour être orientée vers {organisationName}. <span className="text-red-700">(obligatoire)</span>
          </span>
        </label>
        {errors.consent && (
          <p id={`${idOf('consent')}-error`} className="text-sm text-red-700">
            {errors.consent}
          </p>
        )}
      </fieldset>

      {/* Honeypot: out of sight and out of the keyboard path; a robot fills it, a person never sees it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={idOf('website')}>Site web (laisser vide)</label>
        <input id={idOf('website')} name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={(e) => set('website', e.target.value)} />
      </div>

      <button type="submit" disabled={sending} aria-busy={sending} className="self-start rounded-md bg-brand-700 px-5 py-2.5 text-base font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
        {sending ? 'Envoi…' : 'Envoyer l’orientation'}
      </button>
    </form>
  )
}
