'use client'

import { useEffect, useRef } from 'react'
import { scrollLeftToReveal } from './tabs-scroll'

/**
 * A bar of tabs that scrolls sideways on a narrow screen (the candidate sheet's sections at 390 px): on load and on
 * each change of `active`, the current tab (aria-current="page" or aria-selected="true") is brought into view, so
 * that the person sees where they are. Only the bar scrolls, never the page.
 */
export function ScrollingTabBar({
  label,
  active,
  className,
  children,
}: {
  label: string
  /** The current tab's key: a change brings it into view. */
  active: string
  className?: string
  children: React.ReactNode
}) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const bar = ref.current
    const tab = bar?.querySelector('[aria-current="page"], [aria-selected="true"]')
    if (!bar || !tab) return
    const box = bar.getBoundingClientRect()
    const tabBox = tab.getBoundingClientRect()
    bar.scrollLeft = scrollLeftToReveal(
      { left: box.left, width: bar.clientWidth, scrollLeft: bar.scrollLeft },
      { left: tabBox.left, width: tabBox.width },
    )
  }, [active])
  return (
    <nav ref={ref} aria-label={label} className={className}>
      {children}
    </nav>
  )
}
