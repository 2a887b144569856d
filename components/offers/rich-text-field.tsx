'use client'

import dynamic from 'next/dynamic'
import { useId } from 'react'

// The editor loads with the form that uses it, not with the pages that only show offers.
const RichTextEditor = dynamic(() => import('./rich-text-editor'), {
  ssr: false,
  loading: () => (
    <p className="min-h-40 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-600">
      Chargement de l’éditeur…
    </p>
  ),
})

/** A labelled rich text (an offer's description), its error tied to the editor. */
export function RichTextField({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <span id={id} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <RichTextEditor
        labelId={id}
        value={value}
        onChange={onChange}
        invalid={!!error}
        describedBy={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
