import { clsx } from 'clsx'

export type StepKey = 'file' | 'mapping' | 'report' | 'done'
const STEPS: { key: StepKey; label: string }[] = [
  { key: 'file', label: 'Fichier' },
  { key: 'mapping', label: 'Colonnes' },
  { key: 'report', label: 'Vérification' },
  { key: 'done', label: 'Import' },
]

/** Where the person is in the four steps (the current one is announced with aria-current). */
export function ImportSteps({ current }: { current: StepKey }) {
  const index = STEPS.findIndex((s) => s.key === current)
  return (
    <nav aria-label="Étapes de l’import">
      <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {STEPS.map((s, i) => (
          <li
            key={s.key}
            aria-current={i === index ? 'step' : undefined}
            className={clsx(
              'flex items-center gap-2',
              i === index ? 'font-semibold text-slate-900' : i < index ? 'text-slate-700' : 'text-slate-600',
            )}
          >
            <span
              aria-hidden
              className={clsx(
                'flex h-6 w-6 items-center justify-center rounded-full text-xs',
                i === index
                  ? 'bg-brand-700 text-white'
                  : i < index
                    ? 'bg-slate-300 text-slate-900'
                    : 'border border-slate-400 text-slate-700',
              )}
            >
              {i < index ? '✓' : i + 1}
            </span>
            <span>
              {s.label}
              {i < index && <span className="sr-only"> (terminée)</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  )
}
