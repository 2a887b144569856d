'use client'

import { useState, useTransition } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { setPrescriptionMailsAction } from '@/lib/prescriptions/actions-digest'
import {
  PRESCRIPTION_MAIL_CHOICES,
  PRESCRIPTION_MAIL_LABELS,
  PRESCRIPTION_MAILS_SAVED,
  type PrescriptionMails,
} from '@/lib/prescriptions/prescription-mails'

/** "Mails de prescriptions" on the account page: a partner user's choice between one mail each and a digest. */
export function PrescriptionMailsForm({ initial }: { initial: PrescriptionMails }) {
  const [choice, setChoice] = useState<PrescriptionMails>(initial)
  const [saved, setSaved] = useState<PrescriptionMails>(initial)
  const [pending, startTransition] = useTransition()
  const save = (event: React.FormEvent) => {
    event.preventDefault()
    startTransition(async () => {
      const answer = await setPrescriptionMailsAction(choice)
      if (answer.ok) {
        setSaved(answer.choice)
        toast.success(PRESCRIPTION_MAILS_SAVED)
      } else toast.error(answer.error)
    })
  }
  return (
    <section aria-labelledby="prescription-mails" className="mt-6 border-t border-slate-200 pt-4">
      <h2 id="prescription-mails" className="mb-1 text-base font-semibold">
        Mails de prescriptions
      </h2>
      <form onSubmit={save} className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm text-slate-600">
            Comment voulez-vous être prévenu des prescriptions faites à votre structure et de celles qui attendent votre
            réponse&nbsp;?
          </legend>
          {PRESCRIPTION_MAIL_CHOICES.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="prescription-mails"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="mt-0.5 h-4 w-4 accent-brand-700"
              />
              <span>
                <span className="font-medium">{PRESCRIPTION_MAIL_LABELS[value].label}</span>
                <span className="block text-slate-600">{PRESCRIPTION_MAIL_LABELS[value].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" disabled={pending || choice === saved} className="self-start">
          {pending ? 'Enregistrement…' : 'Enregistrer ce choix'}
        </Button>
      </form>
    </section>
  )
}
