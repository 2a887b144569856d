'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, TextAreaField, withoutKeys, type Errors } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import Link from '@/components/ui/link'
import { toast } from '@/components/ui/toast'
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

/** /v2/enterprises/create and the sheet's "Modifier" (issue 12 §3): a duplicate SIRET points to the existing sheet. */
export function EnterpriseForm({
  enterpriseId,
  initial,
  onDone,
}: {
  enterpriseId?: string
  initial?: EnterpriseValues
  onDone?: () => void
}) {
  const router = useRouter()
  const start = initial ?? EMPTY
  const [form, setForm] = useState({ ...start, contacts: start.contacts.map(keyed) })
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [existingId, setExistingId] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<Omit<EnterpriseValues, 'contacts'>>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => withoutKeys(e, Object.keys(patch)))
  }
  const setContact = (i: number, patch: Partial<Contact>) => {
    setForm((f) => ({ ...f, contacts: f.contacts.map((c, j) => (j === i ? { ...c, ...patch } : c)) }))
    setErrors((e) =>
      withoutKeys(
        e,
        Object.keys(patch).map((k) => `contacts.${i}.${k}`),
      ),
    )
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const payload = { ...form, contacts: form.contacts.map(({ key: _key, ...c }) => c) }
    const result = await (
      enterpriseId ? updateEnterpriseAction(enterpriseId, payload) : createEnterpriseAction(payload)
    ).catch(() => ({ ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }))
    setSending(false)
    if (result.ok) {
      toast.success(enterpriseId ? 'Entreprise enregistrée.' : 'Entreprise créée.')
      if (enterpriseId) {
        router.refresh()
        onDone?.()
      } else router.push(`/v2/enterprise/${(result as unknown as { id: string }).id}`)
      return
    }
    setErrors('fieldErrors' in result ? (result.fieldErrors ?? {}) : {})
    setExistingId('existingId' in result ? (result.existingId ?? null) : null)
    setError(result.error)
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
      aria-label={enterpriseId ? 'Modifier l’entreprise' : 'Nouvelle entreprise'}
    >
      <FormError error={error}>
        {existingId && (
          <>
            {' '}
            <Link href={`/v2/enterprise/${existingId}`} className="font-medium underline">
              Ouvrir sa fiche
            </Link>
          </>
        )}
      </FormError>
      <FeedbackField
        label="Nom de l’entreprise"
        value={form.name}
        onChange={(name) => set({ name })}
        error={errors.name}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FeedbackField label="SIRET" value={form.siret} onChange={(siret) => set({ siret })} error={errors.siret} />
        <FeedbackField
          label="Code NAF"
          value={form.nafCode}
          onChange={(nafCode) => set({ nafCode })}
          error={errors.nafCode}
        />
      </div>
      <FeedbackField
        label="Adresse"
        value={form.addressFormatted}
        onChange={(addressFormatted) => set({ addressFormatted })}
        error={errors.addressFormatted}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Contacts</legend>
        {form.contacts.length === 0 && <p className="text-sm text-slate-600">Aucun contact pour l’instant.</p>}
        {form.contacts.map((c, i) => (
          <div key={c.key} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
            <FeedbackField
              label={`Nom du contact ${i + 1}`}
              value={c.name}
              onChange={(name) => setContact(i, { name })}
              error={errors[`contacts.${i}.name`]}
              required
            />
            <FeedbackField
              label={`Fonction du contact ${i + 1}`}
              value={c.role}
              onChange={(role) => setContact(i, { role })}
              error={errors[`contacts.${i}.role`]}
            />
            <FeedbackField
              label={`Téléphone du contact ${i + 1}`}
              type="tel"
              value={c.phone}
              onChange={(phone) => setContact(i, { phone })}
              error={errors[`contacts.${i}.phone`]}
            />
            <FeedbackField
              label={`Email du contact ${i + 1}`}
              type="email"
              value={c.email}
              onChange={(email) => setContact(i, { email })}
              error={errors[`contacts.${i}.email`]}
            />
            <div className="sm:col-span-2">
              <Button
                variant="ghost"
                className="px-2 py-1"
                onClick={() => setForm((f) => ({ ...f, contacts: f.contacts.filter((_, j) => j !== i) }))}
              >
                Retirer le contact {i + 1}
              </Button>
            </div>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setForm((f) => ({ ...f, contacts: [...f.contacts, keyed({ name: '', role: '', phone: '', email: '' })] }))
            }
          >
            Ajouter un contact
          </Button>
        </div>
      </fieldset>
      <TextAreaField
        label="Notes"
        value={form.notes}
        onChange={(notes) => set({ notes })}
        error={errors.notes}
        rows={4}
      />
      <div className="flex justify-end gap-2">
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        )}
        <Button type="submit" disabled={sending}>
          {sending ? 'Enregistrement…' : enterpriseId ? 'Enregistrer' : 'Créer l’entreprise'}
        </Button>
      </div>
    </form>
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
  const start = addContact
    ? { ...initial, contacts: [...initial.contacts, { name: '', role: '', phone: '', email: '' }] }
    : initial
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
