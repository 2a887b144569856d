'use client'

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { StructureForm, type StructureValues } from './structure-form'

export function EditStructureButton({ structureId, initial }: { structureId: string; initial: StructureValues }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Modifier la structure
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Modifier la structure" wide>
        <StructureForm structureId={structureId} initial={initial} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  )
}
