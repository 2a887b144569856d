/** Label / value pairs of a record; empty values show a dash. */
export function DetailList({ items }: { items: [string, string | null | undefined][] }) {
  return (
    <dl className="grid max-w-3xl grid-cols-1 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-6 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="whitespace-pre-line">{value || '-'}</dd>
        </div>
      ))}
    </dl>
  )
}
