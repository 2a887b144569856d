'use client'

import { CustomFieldControl } from '@/components/ui/custom-field-control'
import { FieldFrame } from '@/components/ui/form-field'
import { OLDEST_BIRTH_DATE, type CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { CANDIDATE_FIELD_LABELS as L } from '@/lib/candidates/field-labels'
import { ReferenceSelect, TextControl, type CandidateFormProps } from './candidate-form-controls'
import type { CandidateFormSettings, CandidateFormState } from './candidate-form-values'
import { fullName } from '@/lib/person-name'

const SECTION = 'grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6'
const LEGEND = 'px-1 text-lg font-semibold text-slate-900'

/** The organisation's own fields, each under 'customFields.<key>'. */
function CustomFields({ form, definitions }: CandidateFormProps & { definitions: CustomFieldDefinition[] }) {
  const { values, set, clear, errors } = form
  return definitions.map((def) => (
    <CustomFieldControl
      key={def.key}
      def={def}
      value={values.customFields[def.key]}
      error={errors[`customFields.${def.key}`]}
      className={def.type === 'listMultiple' ? 'sm:col-span-2' : undefined}
      onChange={(value) => {
        set({ customFields: { ...values.customFields, [def.key]: value } })
        clear(`customFields.${def.key}`)
      }}
    />
  ))
}

/** What a creation needs and nothing else: the names and the organisation's required fields. */
export function EssentialFields({
  form,
  required,
  creating,
}: CandidateFormProps & { required: CustomFieldDefinition[]; creating: boolean }) {
  return (
    <fieldset className={SECTION}>
      <legend className={LEGEND}>{creating ? 'Création rapide' : 'Nom et champs obligatoires'}</legend>
      <TextControl form={form} name="firstName" required autoComplete="off" />
      <TextControl form={form} name="lastName" required autoComplete="off" />
      <CustomFields form={form} definitions={required} />
    </fieldset>
  )
}

/**
 * Identity and contact details. The NIR is never shown back: empty keeps the stored one, a tick removes it. The birth
 * date's picker stops at `today` (Paris), as the server does.
 */
export function IdentityFields({ form, hasNir, today }: CandidateFormProps & { hasNir: boolean; today: string }) {
  const { values, set, errors } = form
  return (
    <fieldset className={SECTION}>
      <legend className={LEGEND}>Identité et coordonnées</legend>
      <FieldFrame label={L.gender} error={errors.gender}>
        {(p) => (
          <select
            {...p}
            value={values.gender}
            onChange={(e) => set({ gender: e.target.value as CandidateFormState['gender'] })}
          >
            <option value="">Non renseigné</option>
            <option value="F">Femme</option>
            <option value="M">Homme</option>
          </select>
        )}
      </FieldFrame>
      <FieldFrame label={L.birthDate} error={errors.birthDate}>
        {(p) => (
          <input
            {...p}
            type="date"
            min={OLDEST_BIRTH_DATE}
            max={today}
            value={values.birthDate}
            onChange={(e) => set({ birthDate: e.target.value })}
          />
        )}
      </FieldFrame>
      <TextControl form={form} name="phone" type="tel" inputMode="tel" hint="Par exemple : 06 12 34 56 78" />
      <TextControl form={form} name="email" type="email" inputMode="email" />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FieldFrame
          label={L.socialSecurityNumber}
          error={errors.socialSecurityNumber}
          hint={
            hasNir
              ? 'Laisser vide pour conserver le numéro enregistré'
              : '13 caractères et la clé de 2 chiffres, espaces permis\u00a0: 2 84 05 76 123 456 78'
          }
        >
          {(p) => (
            <input
              {...p}
              type="text"
              autoComplete="off"
              spellCheck={false}
              disabled={values.clearNir}
              value={values.clearNir ? '' : values.socialSecurityNumber}
              onChange={(e) => set({ socialSecurityNumber: e.target.value })}
            />
          )}
        </FieldFrame>
        {hasNir && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={values.clearNir}
              onChange={(e) => set({ clearNir: e.target.checked })}
            />
            Effacer le NIR
          </label>
        )}
      </div>
      <TextControl form={form} name="addressFormatted" className="sm:col-span-2" autoComplete="off" />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={values.addressIsQpv}
          onChange={(e) => set({ addressIsQpv: e.target.checked })}
        />
        L’adresse est en quartier prioritaire de la ville (QPV)
      </label>
    </fieldset>
  )
}

/** The situation: the CAF and France Travail numbers, the organisation's references and its other fields. */
export function SituationFields({
  form,
  settings,
  optional,
}: CandidateFormProps & { settings: CandidateFormSettings; optional: CustomFieldDefinition[] }) {
  const referents = settings.referents.map((r) => ({
    id: r.id,
    label: fullName(r),
  }))
  return (
    <fieldset className={SECTION}>
      <legend className={LEGEND}>Situation</legend>
      <TextControl form={form} name="cafNumber" inputMode="numeric" hint="7 chiffres" />
      <TextControl
        form={form}
        name="poleEmploiNumber"
        hint="7 chiffres et un chiffre ou une lettre, éventuellement suivis des 3 chiffres de l’agence"
      />
      <ReferenceSelect form={form} name="placeId" options={settings.places} />
      <ReferenceSelect form={form} name="statusId" options={settings.statuses} />
      <ReferenceSelect form={form} name="referentId" options={referents} emptyLabel="Aucun" />
      {optional.length > 0 && (
        <>
          <h2 className="mt-2 text-base font-semibold text-slate-900 sm:col-span-2">Champs personnalisés</h2>
          <CustomFields form={form} definitions={optional} />
        </>
      )}
    </fieldset>
  )
}
