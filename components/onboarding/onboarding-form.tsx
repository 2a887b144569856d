'use client'

import { useRouter } from 'next/navigation'
import { useId } from 'react'
import type { FormState } from '@/components/ui/use-action-form'
import { ErrorSummary } from '@/components/ui/error-summary'
import { useActionForm } from '@/components/ui/use-action-form'
import { completeOnboardingAction } from '@/lib/onboarding/actions'

type Values = {
  phone: string
  jobTitle: string
  acceptTerms: boolean
  notifyPrescriptionAnswers: boolean
  notifyOrientations: boolean
  notifyLateItems: boolean
}
const LABELS: Record<keyof Values, string> = {
  phone: 'Votre téléphone professionnel',
  jobTitle: 'Votre fonction',
  acceptTerms: 'J’ai lu et j’accepte les conditions d’utilisation',
  notifyPrescriptionAnswers: 'Les réponses des partenaires à mes prescriptions',
  notifyOrientations: 'Les orientations reçues par le formulaire d’orientation',
  notifyLateItems: 'Les prescriptions et les demandes en retard',
}

/** How a field's id, description and error are named, from the form's one id. */
function ids(base: string, form: FormState<Values>) {
  const id = (k: keyof Values) => `${base}-${k}`
  const describedBy = (k: keyof Values, extra?: string) =>
    [extra, form.errors[k] ? `${id(k)}-error` : ''].filter(Boolean).join(' ') || undefined
  const error = (k: keyof Values) =>
    form.errors[k] && (
      <p id={`${id(k)}-error`} className="text-sm text-red-700">
        {form.errors[k]}
      </p>
    )
  return { id, describedBy, error }
}
type Section = { form: FormState<Values>; base: string }

/**
 * /onboarding/form: the profile, the terms of use, the emails wanted, and the second factor when it is required.
 * Every error is said next to its field and in the summary; the first field in error takes the focus.
 */
export function OnboardingForm({
  initial,
  termsLabel,
  partner,
  secondFactor,
}: {
  initial: Values
  termsLabel: string
  partner: boolean
  secondFactor: { required: boolean; email: string }
}) {
  const router = useRouter()
  const base = useId()
  const form = useActionForm({
    initial,
    action: (values) => completeOnboardingAction(values),
    onSuccess: () => router.push('/onboarding/end'),
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-6">
      <ErrorSummary form={form} className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900" />
      <ProfileFields form={form} base={base} partner={partner} />
      <TermsField form={form} base={base} termsLabel={termsLabel} />
      <EmailChoices form={form} base={base} partner={partner} />
      {secondFactor.required && <SecondFactorNote base={base} email={secondFactor.email} />}
      <button
        type="submit"
        disabled={form.pending}
        className="self-start rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white disabled:opacity-60"
      >
        {form.pending ? 'Enregistrement…' : 'Valider'}
      </button>
    </form>
  )
}

function ProfileFields({ form, base, partner }: Section & { partner: boolean }) {
  const { id, describedBy, error } = ids(base, form)
  const { values, set, errors } = form
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold">Vous</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={id('jobTitle')} className="text-sm font-medium">
          {LABELS.jobTitle} <span className="text-red-700">(obligatoire)</span>
        </label>
        <input
          id={id('jobTitle')}
          value={values.jobTitle}
          onChange={(e) => set({ jobTitle: e.target.value })}
          autoComplete="organization-title"
          maxLength={120}
          required
          aria-invalid={errors.jobTitle ? true : undefined}
          aria-describedby={describedBy('jobTitle')}
          className="rounded-md border border-slate-400 px-3 py-2"
        />
        {error('jobTitle')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={id('phone')} className="text-sm font-medium">
          {LABELS.phone} <span className="font-normal text-slate-600">(facultatif)</span>
        </label>
        <p id={`${id('phone')}-hint`} className="text-xs text-slate-600">
          {partner
            ? 'Les référents qui vous prescrivent des candidats pourront vous joindre.'
            : 'Il apparaît dans les SMS envoyés aux candidats que vous suivez, pour qu’ils puissent vous rappeler.'}
        </p>
        <input
          id={id('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => set({ phone: e.target.value })}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={describedBy('phone', `${id('phone')}-hint`)}
          className="rounded-md border border-slate-400 px-3 py-2"
        />
        {error('phone')}
      </div>
    </fieldset>
  )
}

function TermsField({ form, base, termsLabel }: Section & { termsLabel: string }) {
  const { id, describedBy, error } = ids(base, form)
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base font-semibold">Conditions d’utilisation</legend>
      <p id={`${id('acceptTerms')}-hint`} className="text-sm text-slate-700">
        Lisez les{' '}
        <a href="/terms-of-use" target="_blank" rel="noopener" className="underline">
          conditions d’utilisation<span className="sr-only"> (s’ouvre dans un nouvel onglet)</span>
        </a>{' '}
        ({termsLabel}).
      </p>
      <label className="flex items-start gap-2 text-sm font-medium">
        <input
          id={id('acceptTerms')}
          type="checkbox"
          checked={form.values.acceptTerms}
          onChange={(e) => form.set({ acceptTerms: e.target.checked })}
          aria-invalid={form.errors.acceptTerms ? true : undefined}
          aria-describedby={describedBy('acceptTerms', `${id('acceptTerms')}-hint`)}
          className="mt-0.5 h-4 w-4"
        />
        <span>
          {LABELS.acceptTerms} <span className="text-red-700">(obligatoire)</span>
        </span>
      </label>
      {error('acceptTerms')}
    </fieldset>
  )
}

function EmailChoices({ form, base, partner }: Section & { partner: boolean }) {
  const { id } = ids(base, form)
  const checkbox = (k: 'notifyPrescriptionAnswers' | 'notifyOrientations' | 'notifyLateItems') => (
    <label className="flex items-start gap-2 text-sm">
      <input
        id={id(k)}
        type="checkbox"
        checked={form.values[k]}
        onChange={(e) => form.set({ [k]: e.target.checked })}
        className="mt-0.5 h-4 w-4"
      />
      {LABELS[k]}
    </label>
  )
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base font-semibold">Les emails que vous souhaitez recevoir</legend>
      {checkbox('notifyPrescriptionAnswers')}
      {!partner && checkbox('notifyOrientations')}
      {checkbox('notifyLateItems')}
      <p className="text-xs text-slate-600">Sans email, tout reste visible dans Passerelle (tableau des actions).</p>
    </fieldset>
  )
}

function SecondFactorNote({ base, email }: { base: string; email: string }) {
  return (
    <section
      aria-labelledby={`${base}-2fa`}
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm"
    >
      <h2 id={`${base}-2fa`} className="text-base font-semibold">
        Double authentification
      </h2>
      <p>
        Votre rôle ou votre organisation l’exige&nbsp;: à chaque connexion, un code à 6 chiffres vous est envoyé à{' '}
        {email}. Rien à installer.
      </p>
      <p>
        Vous préférez une application d’authentification&nbsp;?{' '}
        <a href="/change-password" className="underline">
          Configurez-la dans la sécurité du compte
        </a>
        .
      </p>
    </section>
  )
}
