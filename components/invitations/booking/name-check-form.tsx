'use client'

import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { INVITATION_MESSAGES, nameCheckSchema } from '@/lib/invitations/messages'
import { checkNameAction } from '@/lib/invitations/public-actions'
import { markChecked } from './focus-after-check'

/**
 * The first three letters of the last name, before anything of the person's is shown or changed. Right: the server
 * sets the proof's cookie and Next.js renders the page again. Locked (5 wrong in a row): the page shows the lock.
 */
export function NameCheckForm({ code }: { code: string }) {
  const router = useRouter()
  const form = useActionForm({
    initial: { letters: '' },
    check: (v): Record<string, string> =>
      nameCheckSchema.safeParse(v.letters).success ? {} : { letters: INVITATION_MESSAGES.nameFormat },
    action: async (values) => {
      const answer = await checkNameAction(code, values)
      if (!answer.ok && 'locked' in answer && answer.locked) router.refresh()
      return answer
    },
    success: 'Merci, c’est bien vous.',
    onSuccess: markChecked,
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-4">
      <ErrorSummary form={form} />
      <FormField
        label="Les trois premières lettres de votre nom de famille"
        hint={'Par exemple, pour Dupont\u00a0: DUP. Les accents et les majuscules ne comptent pas.'}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={50}
        className="max-w-xs"
        required
        {...form.field('letters')}
      />
      <Button type="submit" disabled={form.pending} className="self-start">
        {form.pending ? 'Vérification…' : 'Continuer'}
      </Button>
    </form>
  )
}
