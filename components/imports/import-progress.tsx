/** The import's progress bar: a labelled progressbar whose text says the step (upload percentage, rows written…). */
export function ImportProgress({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <div
        role="progressbar"
        aria-label="Avancement de l’import"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={label}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-200"
          style={{ width: `${value}%` }}
        />
      </div>
      <p className="text-sm text-slate-700">{label}</p>
    </div>
  )
}
