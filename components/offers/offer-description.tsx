'use client'

import { useLayoutEffect, useRef, useState } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { DESCRIPTION_LINES, descriptionLines } from '@/lib/offers/description-lines'

/**
 * The sanitized description, clamped to the lines that fit; the full text opens in a side drawer. `showFullOffer` is
 * the button's text (applies.showFullOffer), resolved on the server: no next-intl runtime on the offer page.
 */
export function OfferDescription({
  html,
  title,
  showFullOffer,
}: {
  html: string
  title: string
  showFullOffer: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const [lines, setLines] = useState<number>(DESCRIPTION_LINES.default)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight)
    setLines(
      descriptionLines({
        viewportHeight: window.innerHeight,
        blockTop: el.getBoundingClientRect().top + window.scrollY,
        lineHeight,
      }),
    )
  }, [])
  return (
    <>
      <div
        ref={ref}
        className="offer-description overflow-hidden text-sm leading-6"
        style={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-3 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {showFullOffer}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={title} description="Présentation complète de l’offre" side>
        <div className="offer-description text-sm leading-6" dangerouslySetInnerHTML={{ __html: html }} />
      </Dialog>
    </>
  )
}
