import { EMPTY_VALUE, orEmpty } from '@/lib/format'

/** Label / value rows of a sheet section; an empty value shows '–' (lib/format.ts). */
export function SheetDetails({ title, items }: { title: string; items: [string, React.ReactNode][] }) {
  return (
    <section
      aria-labelledby={`section-${slug(title)}`}
      className="max-w-3xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`section-${slug(title)}`} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr] sm:gap-y-3">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="mb-2 break-words whitespace-pre-line sm:mb-0">
              {typeof value === 'string' ? orEmpty(value) : (value ?? EMPTY_VALUE)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
