'use client'

import { useLayoutEffect, useRef, useState } from 'react'
import { Dialog as RadixDialog } from 'radix-ui'
import { X } from 'lucide-react'
import { useTranslations } from 'next-intl'
import { DESCRIPTION_LINES, descriptionLines } from '@/lib/offers/description-lines'

/** The sanitized description, clamped to the lines that fit; the full text opens in a side drawer. */
export function OfferDescription({ html, title }: { html: string; title: string }) {
  const t = useTranslations('applies')
  const ref = useRef<HTMLDivElement>(null)
  const [lines, setLines] = useState<number>(DESCRIPTION_LINES.default)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight)
    setLines(descriptionLines({ viewportHeight: window.innerHeight, blockTop: el.getBoundingClientRect().top + window.scrollY, lineHeight }))
  }, [])
  return (
    <>
      <div
        ref={ref}
        className="offer-description overflow-hidden text-sm leading-6"
        style={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <RadixDialog.Root>
        <RadixDialog.Trigger className="mt-3 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">{t('showFullOffer')}</RadixDialog.Trigger>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
          <RadixDialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col bg-white shadow-xl">
            <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              <RadixDialog.Close aria-label="Fermer" className="rounded-md p-1 text-slate-600 hover:bg-slate-100">
                <X aria-hidden size={18} />
              </RadixDialog.Close>
            </div>
            <RadixDialog.Description className="sr-only">Présentation complète de l’offre</RadixDialog.Description>
            <div className="offer-description overflow-y-auto px-6 py-4 text-sm leading-6" dangerouslySetInnerHTML={{ __html: html }} />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </>
  )
}
