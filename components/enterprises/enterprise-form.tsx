'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import Link from '@/components/ui/link'
import { useActionForm, type FormState } from '@/components/ui/use-action-form'
import { createEnterpriseAction, updateEnterpriseAction } from '@/lib/enterprises/actions'

type Contact = { key: string; name: string; role: string; phone: string; email: string }
export type EnterpriseValues = {
  name: string
  siret: string
  nafCode: string
  addressFormatted: string
  notes: string
  contacts: Omit<Contact, 'key'>[]
}
const EMPTY: EnterpriseValues = { name: '', siret: '', nafCode: '', addressFormatted: '', notes: '', contacts: [] }
let nextKey = 0
const keyed = (c: Omit<Contact, 'key'>): Contact => ({ ...c, key: `c${nextKey++}` })

type Form = Omit<EnterpriseValues, 'contacts'> & { contacts: Contact[] }
const BLANK_CONTACT = { name: '', role: '', phone: '', email: '' }

/** /v2/enterprises/create and the sheet's "Modifier": a duplicate SIRET points to the existing sheet. */
export function EnterpriseForm({
  enterpriseId,
  initial = EMPTY,
  onDone,
}: {
  enterpriseId?: string
  initial?: EnterpriseValues
  onDone?: () => void
}) {
  const router = useRouter()
  const [existingId, setExistingId] = useState<string | null>(null)
  const form = useActionForm({
    initial: (): Form => ({ ...initial, contacts: initial.contacts.map(keyed) }),
    action: async (values) => {
      const payload = { ...values, contacts: values.contacts.map(({ key: _key, ...c }) => c) }
      const result = await (enterpriseId
        ? updateEnterpriseAction(enterpriseId, payload)
        : createEnterpriseAction(payload))
      setExistingId(!result.ok && 'existingId' in result ? (result.existingId ?? null) : null)
      return result
    },
    success: enterpriseId ? 'Entreprise enregistrée.' : 'Entreprise créée.',
    onSuccess: (result) => {
      if ('id' in result) return router.push(`/v2/enterprise/${result.id}`)
      router.refresh()
      onDone?.()
    },
  })
  const { field } = form
  return (
    <form
      {...form.formProps}
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
      aria-label={enterpriseId ? 'Modifier l’entreprise' : 'Nouvelle entreprise'}
    >
      <ErrorSummary form={form}>
        {existingId && (
          <>
            {' '}
            <Link href={`/v2/enterprise/${existingId}`} className="font-medium underline">
              Ouvrir sa fiche
            </Link>
          </>
        )}
      </ErrorSummary>
      <FormField label="Nom de l’entreprise" {...field('name')} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="SIRET" inputMode="numeric" {...field('siret')} />
        <FormField label="Code NAF" {...field('nafCode')} />
      </div>
      <FormField label="Adresse" {...field('addressFormatted')} />
      <ContactsFields form={form} />
      <FormField label="Notes" as="textarea" rows={4} {...field('notes')} />
      <div className="flex justify-end gap-2">
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        )}
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Enregistrement…' : enterpriseId ? 'Enregistrer' : 'Créer l’entreprise'}
        </Button>
      </div>
    </form>
  )
}

/** The enterprise's contacts, numbered in the labels; their errors under 'contacts.<i>.<field>'. */
function ContactsFields({ form }: { form: FormState<Form> }) {
  const { values, set, clear, errors } = form
  const contacts = values.contacts
  const change = (i: number, patch: Partial<Contact>) => {
    set({ contacts: contacts.map((c, j) => (j === i ? { ...c, ...patch } : c)) })
    clear(...Object.keys(patch).map((k) => `contacts.${i}.${k}`))
  }
  const bind = (i: number, key: 'name' | 'role' | 'phone' | 'email') => ({
    value: contacts[i]![key],
    onChange: (value: string) => change(i, { [key]: value }),
    error: errors[`contacts.${i}.${key}`],
  })
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Contacts</legend>
      {contacts.length === 0 && <p className="text-sm text-slate-600">Aucun contact pour l’instant.</p>}
      {contacts.map((c, i) => (
        <div key={c.key} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
          <FormField label={`Nom du contact ${i + 1}`} {...bind(i, 'name')} required />
          <FormField label={`Fonction du contact ${i + 1}`} {...bind(i, 'role')} />
          <FormField label={`Téléphone du contact ${i + 1}`} type="tel" {...bind(i, 'phone')} />
          <FormField label={`Email du contact ${i + 1}`} type="email" {...bind(i, 'email')} />
          <div className="sm:col-span-2">
            <Button
              variant="ghost"
              className="px-2 py-1"
              onClick={() => set({ contacts: contacts.filter((_, j) => j !== i) })}
            >
              Retirer le contact {i + 1}
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button variant="secondary" onClick={() => set({ contacts: [...contacts, keyed(BLANK_CONTACT)] })}>
          Ajouter un contact
        </Button>
      </div>
    </fieldset>
  )
}

/**
 * The sheet's "Modifier l’entreprise"; with `addContact`, the empty contacts' "Ajouter un contact": the same form,
 * opened with a blank contact to fill.
 */
export function EditEnterpriseButton({
  enterpriseId,
  initial,
  addContact,
}: {
  enterpriseId: string
  initial: EnterpriseValues
  addContact?: boolean
}) {
  const [open, setOpen] = useState(false)
  const start = addContact ? { ...initial, contacts: [...initial.contacts, BLANK_CONTACT] } : initial
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {addContact ? 'Ajouter un contact' : 'Modifier l’entreprise'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Modifier l’entreprise" wide>
        <EnterpriseForm enterpriseId={enterpriseId} initial={start} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  )
}
