'use client'

import { useActionState, useId } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { useRefusalFocus } from '@/components/ui/use-action-form'
import { updateOrganisationAction, type SettingsFormState } from '@/lib/settings/actions'
import { formatMinute } from '@/lib/sms/sending-hours'
import { useSettingsToast } from './use-settings-toast'

type Organisation = {
  name: string
  addressFormatted: string | null
  contactEmail: string | null
  contactPhone: string | null
  twoFactorRequired: boolean
  twoFactorForSensitive: boolean
  journalRetentionMonths: number
  answerReminderDays: number
  prescriptionExpiryDays: number
  retentionDays: number
  smsWindowStartMinute: number
  smsWindowEndMinute: number
  smsWindowDays: number[]
}

const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']

/**
 * The administrator's organisation: name, address, the invited people's contact, the second factor (for everyone, for the roles that read the NIR
 * or export), the prescriptions' delays, the retentions (candidates, read journal), the SMS hours.
 */
export function OrganisationForm({
  organisation,
  retentionPreview,
}: {
  organisation: Organisation
  retentionPreview: string
}) {
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(updateOrganisationAction, {})
  useSettingsToast(state)
  const ref = useRefusalFocus(state)
  const section = { current: currentOf(organisation, state.values), errors: state.fieldErrors ?? {} }
  return (
    <form
      ref={ref}
      action={action}
      className="flex max-w-2xl flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      noValidate
    >
      <IdentityFields {...section} />
      <ContactFields {...section} />
      <SecondFactorFields {...section} />
      <DelayFields {...section} />
      <RetentionFields {...section} retentionPreview={retentionPreview} />
      <SmsHoursFields {...section} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  )
}

/** What the fields show: after an error what was sent (React resets a form after its action), else what is stored. */
function currentOf(organisation: Organisation, v: SettingsFormState['values']) {
  return v
    ? {
        name: v.name ?? '',
        addressFormatted: v.addressFormatted ?? '',
        contactEmail: v.contactEmail ?? '',
        contactPhone: v.contactPhone ?? '',
        twoFactorRequired: v.twoFactorRequired === 'on',
        twoFactorForSensitive: v.twoFactorForSensitive === 'on',
        journalRetentionMonths: v.journalRetentionMonths ?? '',
        answerReminderDays: v.answerReminderDays ?? '',
        prescriptionExpiryDays: v.prescriptionExpiryDays ?? '',
        retentionDays: v.retentionDays ?? '',
        smsStart: v.smsStart ?? '',
        smsEnd: v.smsEnd ?? '',
        smsDays: (v.smsDays ?? '').split(',').filter(Boolean).map(Number),
      }
    : {
        ...organisation,
        addressFormatted: organisation.addressFormatted ?? '',
        contactEmail: organisation.contactEmail ?? '',
        contactPhone: organisation.contactPhone ?? '',
        smsStart: formatMinute(organisation.smsWindowStartMinute),
        smsEnd: formatMinute(organisation.smsWindowEndMinute),
        smsDays: organisation.smsWindowDays,
      }
}
type Section = { current: ReturnType<typeof currentOf>; errors: Record<string, string> }

/** The name and the address printed on the prescription sheets. */
function IdentityFields({ current, errors }: Section) {
  const addressId = useId()
  return (
    <>
      <Field
        label="Nom de l’organisation"
        name="name"
        defaultValue={current.name}
        required
        error={errors.name}
        autoComplete="organization"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={addressId} className="text-sm font-medium text-slate-800">
          Adresse
        </label>
        <textarea
          id={addressId}
          name="addressFormatted"
          rows={3}
          defaultValue={current.addressFormatted}
          aria-invalid={errors.addressFormatted ? true : undefined}
          aria-describedby={`${addressId}-hint${errors.addressFormatted ? ` ${addressId}-error` : ''}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <p id={`${addressId}-hint`} className="text-xs text-slate-600">
          Imprimée sur les fiches de prescription.
        </p>
        {errors.addressFormatted && (
          <p id={`${addressId}-error`} className="text-sm text-red-700">
            {errors.addressFormatted}
          </p>
        )}
      </div>
    </>
  )
}

/** Whom an invited person reaches when their link has expired; where the "no seat left" alerts go. */
function ContactFields({ current, errors }: Section) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Contact des personnes invitées</legend>
      <p className="text-xs text-slate-600">
        Affichés à une personne dont l’invitation à un atelier a expiré ou a déjà servi. L’email reçoit aussi l’alerte
        quotidienne quand un thème d’atelier n’a plus de place pour les invitations en cours.
      </p>
      <Field
        label="Email de contact"
        name="contactEmail"
        type="email"
        defaultValue={current.contactEmail}
        error={errors.contactEmail}
        autoComplete="email"
        maxLength={254}
        className="max-w-md"
      />
      <Field
        label="Téléphone de contact"
        name="contactPhone"
        type="tel"
        defaultValue={current.contactPhone}
        error={errors.contactPhone}
        autoComplete="tel"
        maxLength={30}
        className="max-w-xs"
      />
    </fieldset>
  )
}

/** The second factor: for everyone, or for the roles that read the NIR or export. */
function SecondFactorFields({ current }: Pick<Section, 'current'>) {
  const twoFactorId = useId()
  const sensitiveId = useId()
  return (
    <>
      <div className="flex items-start gap-3">
        <input
          id={twoFactorId}
          type="checkbox"
          name="twoFactorRequired"
          defaultChecked={current.twoFactorRequired}
          aria-describedby={`${twoFactorId}-hint`}
          className="mt-1 h-4 w-4 accent-brand-700"
        />
        <div>
          <label htmlFor={twoFactorId} className="text-sm font-medium text-slate-800">
            Double authentification obligatoire
          </label>
          <p id={`${twoFactorId}-hint`} className="text-xs text-slate-600">
            Chaque utilisateur de l’organisation donne un code (email ou application) à chaque connexion. L’activer
            ferme les connexions ouvertes (sauf la vôtre)&nbsp;: chacun se reconnecte avec son code. Les administrateurs
            et les référents le donnent déjà.
          </p>
        </div>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={sensitiveId}
          type="checkbox"
          name="twoFactorForSensitive"
          defaultChecked={current.twoFactorForSensitive}
          aria-describedby={`${sensitiveId}-hint`}
          className="mt-1 h-4 w-4 accent-brand-700"
        />
        <div>
          <label htmlFor={sensitiveId} className="text-sm font-medium text-slate-800">
            Double authentification pour la lecture du NIR et les exports
          </label>
          <p id={`${sensitiveId}-hint`} className="text-xs text-slate-600">
            Les utilisateurs dont le rôle permet de voir le NIR ou d’exporter les candidats donnent un code à chaque
            connexion. Activé par défaut. L’activer ferme les connexions ouvertes (sauf la vôtre).
          </p>
        </div>
      </div>
    </>
  )
}

/** The prescriptions' reminder and expiry delays. */
function DelayFields({ current, errors }: Section) {
  return (
    <>
      <Field
        label="Délai de relance des prescriptions (jours)"
        name="answerReminderDays"
        type="number"
        inputMode="numeric"
        min={1}
        max={90}
        step={1}
        defaultValue={current.answerReminderDays}
        required
        error={errors.answerReminderDays}
        hint="Une prescription sans réponse depuis ce nombre de jours est à relancer (de 1 à 90 ; 10 par défaut)."
        className="max-w-xs"
      />
      <Field
        label="Délai d’expiration des prescriptions (jours)"
        name="prescriptionExpiryDays"
        type="number"
        inputMode="numeric"
        min={2}
        max={365}
        step={1}
        defaultValue={current.prescriptionExpiryDays}
        required
        error={errors.prescriptionExpiryDays}
        hint="Les partenaires reçoivent une relance par email au délai de relance. Au délai d’expiration, une prescription toujours sans réponse est expirée et son référent prévenu (de 2 à 365, plus long que le délai de relance ; 60 par défaut)."
        className="max-w-xs"
      />
    </>
  )
}

/** How long inactive candidates and the read journal are kept. */
function RetentionFields({ current, errors, retentionPreview }: Section & { retentionPreview: string }) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <Field
          label="Durée de conservation des candidats sans activité (jours)"
          name="retentionDays"
          type="number"
          inputMode="numeric"
          min={365}
          max={3650}
          step={1}
          defaultValue={current.retentionDays}
          required
          error={errors.retentionDays}
          hint="Chaque nuit, les candidats sans aucune activité (fiche, prescription, SMS) depuis cette durée sont anonymisés : noms remplacés, coordonnées, NIR, champs personnalisés, SMS et fiches PDF supprimés (de 365 à 3650 ; 730 par défaut)."
          className="max-w-xs"
        />
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800" role="status">
          {retentionPreview}
        </p>
      </div>
      <Field
        label="Durée de conservation du journal des consultations (mois)"
        name="journalRetentionMonths"
        type="number"
        inputMode="numeric"
        min={6}
        max={12}
        step={1}
        defaultValue={current.journalRetentionMonths}
        required
        error={errors.journalRetentionMonths}
        hint="Le journal indique qui a consulté le dossier de quelle personne, et quand. Ses lignes plus anciennes sont supprimées chaque nuit (de 6 à 12 ; 6 par défaut)."
        className="max-w-xs"
      />
    </>
  )
}

/** The hours and days SMS leave at. */
function SmsHoursFields({ current, errors }: Section) {
  const daysErrorId = useId()
  return (
    <>
      <fieldset
        className="flex flex-col gap-3 rounded-md border border-slate-200 p-4"
        aria-describedby={`${daysErrorId}-hint${errors.smsDays ? ` ${daysErrorId}` : ''}`}
      >
        <legend className="px-1 text-sm font-semibold text-slate-900">Horaires d’envoi des SMS</legend>
        <p id={`${daysErrorId}-hint`} className="text-xs text-slate-600">
          Heure de Paris. Un SMS écrit en dehors de ces horaires part au début de la plage suivante (8 h – 20 h, du
          lundi au samedi, par défaut).
        </p>
        <div className="flex flex-wrap gap-4">
          <Field
            label="Début des envois"
            name="smsStart"
            type="time"
            defaultValue={current.smsStart}
            required
            error={errors.smsStart}
            className="w-40"
          />
          <Field
            label="Fin des envois"
            name="smsEnd"
            type="time"
            defaultValue={current.smsEnd}
            required
            error={errors.smsEnd}
            className="w-40"
          />
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-2" role="group" aria-label="Jours d’envoi">
          {WEEKDAYS.map((label, i) => (
            <label key={label} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="smsDays"
                value={i + 1}
                defaultChecked={current.smsDays.includes(i + 1)}
                className="h-4 w-4 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </div>
        {errors.smsDays && (
          <p id={daysErrorId} className="text-sm text-red-700">
            {errors.smsDays}
          </p>
        )}
      </fieldset>
    </>
  )
}
