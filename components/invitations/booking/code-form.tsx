'use client'

import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { findInvitationAction } from '@/lib/invitations/public-actions'

/** /i: the code printed on a letter, typed as it comes (spaces, dashes, small letters); then its page. */
export function CodeForm() {
  const router = useRouter()
  const form = useActionForm({
    initial: { code: '' },
    action: findInvitationAction,
    onSuccess: (result) => router.push(`/i/${result.code}`),
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-4">
      <ErrorSummary form={form} />
      <FormField
        label="Code de l’invitation"
        hint={'8 lettres et chiffres, écrits sur votre courrier ou dans votre SMS. Par exemple\u00a0: K7MW 3QXP.'}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        required
        {...form.field('code')}
      />
      <Button type="submit" disabled={form.pending} className="self-start">
        {form.pending ? 'Recherche…' : 'Voir mon invitation'}
      </Button>
    </form>
  )
}
