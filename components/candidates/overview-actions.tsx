'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { SmsComposer, type ComposerTemplate } from '@/components/sms/sms-composer'
import { RegisterSelectionDialog } from '@/components/workshops/register-selection-dialog'
import type { SendingHours } from '@/lib/sms/sending-hours'
import type { TemplateValues } from '@/lib/sms/template-variables'

type Variant = 'primary' | 'secondary'

/**
 * The overview's SMS action: the sheet's own composer (templates, this candidate's values, sending hours), in a
 * dialog. A send closes it, like every dialog (issue 42 §2): the toast says it left and leads to the conversation,
 * the overview behind shows it as the last SMS.
 */
export function OverviewSmsButton({
  candidateId,
  name,
  templates,
  values,
  hours,
  label,
  variant = 'secondary',
}: {
  candidateId: string
  name: string
  templates: ComposerTemplate[]
  values: TemplateValues
  hours: SendingHours
  label: string
  variant?: Variant
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} className="px-3 py-1.5">
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Envoyer un SMS à ${name}`} wide>
        <SmsComposer
          candidateId={candidateId}
          templates={templates}
          values={values}
          hours={hours}
          onSent={() => setOpen(false)}
        />
      </Dialog>
    </>
  )
}

type WorkshopButtonProps = { candidateId: string; label: string; variant?: Variant }

/** The overview's workshop action: the dashboard's "Inscrire à un atelier" dialog, for this candidate alone. */
export function OverviewWorkshopButton({ candidateId, label, variant = 'secondary' }: WorkshopButtonProps) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} className="px-3 py-1.5">
        {label}
      </Button>
      {open && (
        <RegisterSelectionDialog
          ids={[candidateId]}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false)
            router.refresh()
          }}
        />
      )}
    </>
  )
}
