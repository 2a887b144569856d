import Link from '@/components/ui/link'
import { buttonClass } from '@/components/ui/button'
import { PAGE_SIZE } from '@/lib/constants'

/** Previous / next page links (50 per page) that keep the other filters of the URL. */
export function Pager({
  page,
  total,
  href,
  label,
}: {
  page: number
  total: number
  href: (page: number) => string
  label: string
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className={buttonClass('secondary')}>
          Page précédente
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} sur {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className={buttonClass('secondary')}>
          Page suivante
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
