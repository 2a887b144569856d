/**
 * Icons repeated on every row of a list, drawn once in public/icons.svg (Lucide's, ISC) and referenced
 * with <use>: the browser fetches and caches that file once. Inline, each one was its whole SVG in the HTML and its path
 * data again in the page's RSC payload: about 1 kB a row, a third of the FUP list and of the actions dashboard.
 */
export type SpriteIconName = 'file-text' | 'send'

/** One of the sprite's icons, decorative (the control it is in has its own label). */
export function SpriteIcon({
  name,
  size = 14,
  className,
}: {
  name: SpriteIconName
  size?: number
  className?: string
}) {
  return (
    <svg aria-hidden="true" width={size} height={size} className={className}>
      <use href={`/icons.svg#${name}`} />
    </svg>
  )
}
