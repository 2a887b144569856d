'use client'

import { useRef, useState, useTransition } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { INVITATION_MESSAGES } from '@/lib/invitations/messages'
import { cancelBookingAction } from '@/lib/invitations/public-actions'
import type { BookingView, ContactView, SessionView } from '@/lib/invitations/public-view'
import { ContactCard } from './contact-card'
import { useFocusAfterCheck } from './focus-after-check'
import { SessionChooser } from './session-chooser'
import { SessionDetails } from './session-details'

/** The booking, once the name check passed: move it or cancel it until 24 hours before, else call. */
export function BookedView({
  code,
  booking,
  sessions,
  organisation,
}: {
  code: string
  booking: BookingView
  sessions: SessionView[]
  organisation: ContactView
}) {
  const router = useRouter()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [moving, setMoving] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [pending, startTransition] = useTransition()
  useFocusAfterCheck(headingRef)

  function cancel() {
    startTransition(async () => {
      const answer = await cancelBookingAction(code).catch(() => null)
      setConfirming(false)
      if (answer?.ok) {
        toast.success('Votre place est annulée.')
      } else {
        toast.error(answer?.error ?? 'Le serveur ne répond pas. Réessayez dans un instant.')
      }
      router.refresh()
    })
  }

  return (
    <div className="flex flex-col gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {booking.past ? 'Votre séance' : 'Votre place est réservée'}
      </h2>
      <div className="rounded-md border border-green-300 bg-green-50 p-3 text-sm">
        <SessionDetails session={booking} withDay />
        {booking.videoUrl && !booking.past && (
          <p className="mt-2">
            <a href={booking.videoUrl} className="break-all underline" rel="noreferrer" target="_blank">
              Lien de la visioconférence
            </a>
          </p>
        )}
      </div>
      {booking.past ? null : !booking.changeable ? (
        <ContactCard organisation={organisation} lead={INVITATION_MESSAGES.tooLate} />
      ) : moving ? (
        <SessionChooser code={code} sessions={sessions} mode="move" onClose={() => setMoving(false)} />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Vous pouvez changer de séance ou annuler votre place depuis cette page jusqu’à 24&nbsp;heures avant le
            début.
          </p>
          {sessions.length === 0 && (
            <p className="text-sm text-slate-700">Aucune autre séance n’a de place libre pour le moment.</p>
          )}
          <div className="flex flex-wrap gap-2">
            {sessions.length > 0 && (
              <Button variant="secondary" onClick={() => setMoving(true)}>
                Changer de séance
              </Button>
            )}
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Annuler ma place
            </Button>
          </div>
        </>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={'Annuler votre place\u00a0?'}
        description={`Votre place sera proposée à une autre personne, et ce lien ne permettra plus de réserver. Pour une autre date, il faudra appeler ${organisation.name}.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
              Garder ma place
            </Button>
            <Button variant="danger" onClick={cancel} disabled={pending}>
              {pending ? 'Annulation…' : 'Annuler ma place'}
            </Button>
          </>
        }
      />
    </div>
  )
}
