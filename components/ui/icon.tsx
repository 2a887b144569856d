/**
 * Every icon of the app, drawn once in public/icons.svg (Lucide's, ISC) and referenced with <use>: the browser fetches
 * and caches that file once. An icon costs no JavaScript, in a client component as in a server one; inline, each one was
 * its whole SVG in the HTML and its path data again in the page's RSC payload (about 1 kB a row of a list), and in a
 * client component Lucide's runtime and the icon's paths in the page's bundle.
 *
 * The sprite is generated from the `lucide-react` package: add a name below, then run `npm run icons`
 * (tests/unit/icons.test.ts fails while public/icons.svg differs from what the script writes).
 */
export const ICON_NAMES = [
  'accessibility',
  'arrow-down',
  'arrow-up',
  'arrow-up-down',
  'baby',
  'ban',
  'briefcase',
  'car',
  'check-check',
  'chevron-down',
  'chevron-left',
  'chevron-right',
  'circle-check',
  'circle-question-mark',
  'circle-x',
  'clock',
  'file-text',
  'graduation-cap',
  'heading-3',
  'heart',
  'house',
  'info',
  'italic',
  'languages',
  'laptop',
  'letter-b',
  'list',
  'list-ordered',
  'map-pin',
  'menu',
  'message-square-reply',
  'rocket',
  'scale',
  'search',
  'send',
  'shopping-basket',
  'sparkles',
  'triangle-exclamation-point',
  'users',
  'wallet',
  'x',
] as const

export type IconName = (typeof ICON_NAMES)[number]

/** One of the sprite's icons, decorative (the control it is in, or the text beside it, says what it means). */
export function Icon({ name, size = 14, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" width={size} height={size} className={className}>
      <use href={`/icons.svg#${name}`} />
    </svg>
  )
}
