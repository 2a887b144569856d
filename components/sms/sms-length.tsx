'use client'

import { clsx } from 'clsx'
import { formatCount } from '@/lib/numbers'
import { MAX_SEGMENTS, smsLength } from '@/lib/sms/segments'

/**
 * The live counter under an SMS text: characters, parts (SMS) and encoding, and which characters force UCS-2
 * (70 characters per SMS instead of 160). Read politely by screen readers.
 */
export function SmsLength({ text, id }: { text: string; id?: string }) {
  const length = smsLength(text)
  const over = length.segments > MAX_SEGMENTS
  return (
    <div id={id} aria-live="polite" className="text-xs text-slate-700">
      <p className={clsx(over && 'font-semibold text-red-700')}>
        {formatCount(length.characters, 'caractère')} · {formatCount(length.segments, 'SMS', 'SMS')}
        {length.segments > 0 &&
          ` (${length.perSegment} caractères par SMS, ${length.encoding === 'GSM-7' ? 'alphabet GSM' : 'Unicode'})`}
        {over && ` : ${MAX_SEGMENTS} SMS au plus.`}
      </p>
      {length.ucs2Characters.length > 0 && (
        <p className="mt-0.5 text-amber-800">
          {length.ucs2Characters.length > 1 ? 'Ces caractères imposent' : 'Ce caractère impose'} l’Unicode (70
          caractères par SMS au lieu de 160)&nbsp;:{' '}
          {length.ucs2Characters.map((c, i) => (
            <span key={c}>
              {i > 0 && ', '}
              <kbd className="rounded bg-amber-50 px-1 font-mono">{c === ' ' ? 'espace insécable' : c}</kbd>
            </span>
          ))}
        </p>
      )}
    </div>
  )
}
