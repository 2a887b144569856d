import { clsx } from 'clsx'

/** The message at the top of an authentication form: an error (role=alert) or a confirmation (role=status). */
export function FormAlert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: React.ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'error' && 'border-red-200 bg-red-50 text-red-800',
        tone === 'success' && 'border-green-200 bg-green-50 text-green-900',
        tone === 'info' && 'border-slate-200 bg-slate-50 text-slate-800',
      )}
    >
      {children}
    </p>
  )
}
