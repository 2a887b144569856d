/** The status badges' colours, by tone: one place for the lists that draw them on the server and in the browser. */
export const BADGE_TONES = {
  green: 'bg-emerald-100 text-emerald-800',
  brand: 'bg-brand-50 text-brand-800',
  slate: 'bg-slate-100 text-slate-800',
  amber: 'bg-amber-50 text-amber-900',
} as const
export type BadgeTone = keyof typeof BADGE_TONES

export const BADGE_CLASS = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-medium'
