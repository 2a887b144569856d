import { FileText, Send } from 'lucide-react'

/**
 * Icons repeated on every row of a list (issue 16 §1): drawn once per page by IconSprite (the main layout), then
 * referenced with <use>. Inline, each one was its whole SVG in the HTML and its path data again in the page's RSC
 * payload: about 1 kB a row, a third of the FUP list and the actions dashboard.
 */
const SPRITE = { 'file-text': FileText, send: Send } as const

export type SpriteIconName = keyof typeof SPRITE

export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
      {Object.entries(SPRITE).map(([name, Icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Icon size={24} />
        </symbol>
      ))}
    </svg>
  )
}

/** One of the sprite's icons, decorative (the control it is in has its own label). */
export function SpriteIcon({ name, size = 14, className }: { name: SpriteIconName; size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  )
}
