'use client'

import { usePathname, useRouter } from 'next/navigation'
import { useEffect } from 'react'

/**
 * Client-side navigation for every <a data-nav> of the page (components/ui/nav-link.tsx), by two listeners on the
 * document rather than one component per link: a plain click on such a link is a router.push (as next/link does: no
 * full reload, the layout kept), and the pointer over it or the keyboard focus on it prefetches its route once (the
 * intent-triggered prefetch of components/ui/link.tsx). A click with a modifier key or another button, a link with a
 * target or a download, or one to another origin is left to the browser. The routes prefetched are forgotten at each
 * navigation (a server action or a refresh may have emptied the router's cache since).
 *
 * It also scrolls again to the URL's #anchor once the page has hydrated: a list renders its rows after the first 20
 * only then (components/ui/use-hydrated.ts), which moves what is below it.
 */
export function NavLinks() {
  const router = useRouter()
  const pathname = usePathname()
  useEffect(() => {
    if (!location.hash) return
    const id = decodeURIComponent(location.hash.slice(1))
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView())
    return () => cancelAnimationFrame(frame)
  }, [])
  useEffect(() => {
    const linkOf = (event: Event) => {
      const target = event.target
      const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-nav]') : null
      if (!link || link.target || link.hasAttribute('download')) return null
      const url = new URL(link.href, location.href)
      return url.origin === location.origin ? url : null
    }
    const prefetched = new Set<string>()
    const onIntent = (event: Event) => {
      const url = linkOf(event)
      if (!url || prefetched.has(url.pathname + url.search)) return
      prefetched.add(url.pathname + url.search)
      router.prefetch(url.pathname + url.search)
    }
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const url = linkOf(event)
      if (!url) return
      event.preventDefault()
      router.push(url.pathname + url.search + url.hash)
    }
    document.addEventListener('click', onClick)
    document.addEventListener('pointerover', onIntent, { passive: true })
    document.addEventListener('focusin', onIntent)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('pointerover', onIntent)
      document.removeEventListener('focusin', onIntent)
    }
  }, [router, pathname])
  return null
}
