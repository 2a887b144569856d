'use client'

import { useState } from 'react'
import { NotYetAvailableText } from '@/components/layout/not-yet-available-text'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'

/** Spec §2: shown only for this product's own offers and to users with candidate.socialboard.modify. */
export function OfferEditButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" className="px-3 py-1" onClick={() => setOpen(true)}>
        Modifier
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Modifier l’offre">
        <NotYetAvailableText what="La modification des offres" />
      </Dialog>
    </>
  )
}
