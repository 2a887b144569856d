import { orEmpty } from '@/lib/format'

/** Label / value pairs of a record; an empty value shows '–' (lib/format.ts). */
export function DetailList({ items }: { items: [string, string | null | undefined][] }) {
  return (
    <dl className="grid max-w-3xl grid-cols-1 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-6 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="whitespace-pre-line">{orEmpty(value)}</dd>
        </div>
      ))}
    </dl>
  )
}
