'use client'

import { useSyncExternalStore } from 'react'
import { categoryLines } from '@/lib/statistics/category-label'
import { monthTickLines } from '@/lib/statistics/month-axis'

/** Axis text: 12 px at every width, dark enough to read (slate-700 on white). */
export const AXIS_TEXT = { fontSize: 12, fill: '#334155' }

const PHONE = '(max-width: 639px)'
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** True on a phone-sized screen (< 640 px): fewer month labels, narrower category labels. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  )
}

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } }

/** A month's label on the shared axis: the short month, and the year under it on the first label and each January. */
export function MonthTick({ x, y, payload, ticks }: TickProps & { ticks: string[] }) {
  const lines = monthTickLines(String(payload?.value ?? ''), ticks)
  return (
    <text x={Number(x)} y={Number(y)} textAnchor="middle" {...AXIS_TEXT}>
      {lines.map((line, i) => (
        <tspan key={i} x={Number(x)} dy={i === 0 ? 12 : 14}>
          {line}
        </tspan>
      ))}
    </text>
  )
}

/** A category's label (a cause, a structure, a status, a place), wrapped beside its bar; the table has it whole. */
export function CategoryTick({
  x,
  y,
  payload,
  maxChars,
  maxLines,
}: TickProps & { maxChars: number; maxLines: number }) {
  const lines = categoryLines(String(payload?.value ?? ''), maxChars, maxLines)
  return (
    <text x={Number(x)} y={Number(y)} textAnchor="end" data-category-tick="" {...AXIS_TEXT}>
      {lines.map((line, i) => (
        <tspan key={i} x={Number(x)} dy={i === 0 ? 4 - (lines.length - 1) * 7 : 14}>
          {line}
        </tspan>
      ))}
    </text>
  )
}

/** The chart's series with their colours, in HTML: wraps on a phone, 14 px dark text, a swatch each. */
export function SeriesLegend({ series }: { series: { name: string; colour: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
      {series.map((s) => (
        <li key={s.name} className="flex items-center gap-1.5">
          <span className="inline-block size-3 shrink-0 rounded-sm" style={{ backgroundColor: s.colour }} />
          {s.name}
        </li>
      ))}
    </ul>
  )
}
