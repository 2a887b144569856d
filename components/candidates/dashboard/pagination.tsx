'use client'

import { Icon } from '@/components/ui/icon'
import { Button } from '@/components/ui/button'
import { formatNumber } from '@/lib/numbers'

/** "Page x sur y" with previous / next buttons; nothing when everything fits on one page. */
export function Pagination({
  page,
  pages,
  onPage,
  disabled,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
  disabled?: boolean
}) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Pagination" className="mt-3 flex flex-wrap items-center justify-end gap-3 text-sm">
      <Button
        variant="secondary"
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
        className="px-3 py-1.5"
      >
        <Icon name="chevron-left" size={16} /> Page précédente
      </Button>
      <span>
        Page {formatNumber(page)} sur {formatNumber(pages)}
      </span>
      <Button
        variant="secondary"
        disabled={disabled || page >= pages}
        onClick={() => onPage(page + 1)}
        className="px-3 py-1.5"
      >
        Page suivante <Icon name="chevron-right" size={16} />
      </Button>
    </nav>
  )
}
