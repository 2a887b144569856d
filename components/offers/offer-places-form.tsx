'use client'

import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { formatCount } from '@/lib/numbers'
import { setPlacesAction } from '@/lib/prescriptions/actions-partner'

/**
 * The form of « Places et liste d’attente » (components/offers/offer-places.tsx draws the rest on the server): the free
 * places the offer publishes, and a button that frees one. A freed place goes to the first in line at once.
 */
export function OfferPlacesForm({ offerId, freePlaces }: { offerId: string; freePlaces: number | null }) {
  const router = useRouter()
  const saved = (result: { freePlaces: number | null; promoted: number }) =>
    result.promoted > 0
      ? `Places enregistrées\u00a0: ${formatCount(result.promoted, 'prescription quitte', 'prescriptions quittent')} la liste d’attente et ${result.promoted > 1 ? 'vous parviennent' : 'vous parvient'}.`
      : 'Places enregistrées.'
  const form = useActionForm<{ places: string }, Awaited<ReturnType<typeof setPlacesAction>>>({
    initial: { places: freePlaces === null ? '' : String(freePlaces) },
    action: (values) => setPlacesAction(offerId, values.places),
    success: saved,
    onSuccess: (result) => {
      form.reset({ places: result.freePlaces === null ? '' : String(result.freePlaces) })
      router.refresh()
    },
  })
  const freeOne = () => form.submitWith(() => setPlacesAction(offerId, 'one-more'))
  return (
    <form {...form.formProps} className="flex flex-col gap-3">
      <ErrorSummary form={form} />
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          label="Places libres"
          type="number"
          inputMode="numeric"
          min={0}
          max={999}
          step={1}
          hint="Laissez vide pour ne pas publier de places."
          className="w-48"
          {...form.field('places')}
        />
        <Button type="submit" variant="secondary" disabled={form.pending} aria-busy={form.pending || undefined}>
          Enregistrer les places
        </Button>
        {freePlaces !== null && (
          <Button type="button" variant="secondary" disabled={form.pending} onClick={freeOne}>
            Libérer une place
          </Button>
        )}
      </div>
    </form>
  )
}
