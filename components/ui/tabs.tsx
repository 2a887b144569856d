'use client'

import { Tabs as RadixTabs } from 'radix-ui'

export type TabItem<V extends string> = { value: V; label: React.ReactNode; content: React.ReactNode }

/** Keyboard-navigable tabs (arrow keys), controlled so that the URL can hold the selected tab. */
export function Tabs<V extends string>({ value, onValueChange, items, label }: { value: V; onValueChange: (v: V) => void; items: TabItem<V>[]; label: string }) {
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onValueChange(v as V)}>
      <RadixTabs.List aria-label={label} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:font-semibold data-[state=active]:text-brand-800"
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  )
}
