'use client'

import { Popover as RadixPopover } from 'radix-ui'

export function Popover({ trigger, children, label }: { trigger: React.ReactNode; children: React.ReactNode; label: string }) {
  return (
    <RadixPopover.Root>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content aria-label={label} sideOffset={6} className="z-50 max-w-sm rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg">
          {children}
          <RadixPopover.Arrow className="fill-white" />
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  )
}
