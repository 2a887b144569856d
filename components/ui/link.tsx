'use client'

import NextLink from 'next/link'
import { useState, type ComponentProps } from 'react'

/**
 * next/link that prefetches on intent (pointer over it, keyboard focus on it), never because it scrolled into view.
 * Next.js's default prefetches every link in the viewport: a candidate sheet asked the server for 32 route payloads in
 * the background (the navigation, the legal links, the sections), the candidates dashboard for 49 (its 50 candidate
 * links), each one a server render with its session read. Hovering still makes the click feel instant.
 * The pattern of Next.js's prefetching guide ("Hover-triggered prefetch"): `prefetch={false}` until intent, then the
 * default (null).
 */
export default function Link({ prefetch, onMouseEnter, onFocus, ...props }: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false)
  return (
    <NextLink
      {...props}
      prefetch={prefetch === undefined ? (intent ? null : false) : prefetch}
      onMouseEnter={(event) => {
        setIntent(true)
        onMouseEnter?.(event)
      }}
      onFocus={(event) => {
        setIntent(true)
        onFocus?.(event)
      }}
    />
  )
}
