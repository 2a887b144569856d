import type { AnchorHTMLAttributes } from 'react'

/**
 * An internal link for the rows of a server-rendered list: a plain <a data-nav>, to which <NavLinks /> (in the main
 * layout) gives the client-side navigation and the prefetch on intent of components/ui/link.tsx. A list's 50 to 100
 * next/link instances were each a client component in the page's RSC payload and a hook-running render in its HTML
 * (issue 16 §1); this one is only the element. Without JavaScript, it is a link like any other.
 */
export function NavLink({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a data-nav="" href={href} {...props} />
}
