'use client'

import { Icon } from '@/components/ui/icon'
import { usePathname } from 'next/navigation'
import { useState } from 'react'
import { clsx } from 'clsx'
import Link from '@/components/ui/link'
import { Dialog } from '@/components/ui/dialog'
import { currentItemHref } from '@/lib/current-nav-item'

type NavItem = { key: string; href: string; label: string }

/** The main navigation as a sidebar, from the lg width (1024 px) up; a phone or a tablet has <MobileNav /> instead. */
export function MainNav({ label, items }: { label: string; items: NavItem[] }) {
  return (
    <nav aria-label={label} className="hidden lg:block">
      <NavList items={items} />
    </nav>
  )
}

/**
 * Below the lg width, a "Menu" button in the header opens the same navigation in a modal dialog (the browser's own
 * <dialog>: focus kept inside, Escape closes it, focus back on the button). A link chosen closes it.
 */
export function MobileNav({
  label,
  menuLabel,
  items,
  account,
}: {
  label: string
  menuLabel: string
  items: NavItem[]
  /** The account's page, which a phone's header leaves out to keep to one line. */
  account: { href: string; label: string }
}) {
  const [open, setOpen] = useState(false)
  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <Icon name="menu" size={18} />
        {menuLabel}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={menuLabel} side>
        <nav aria-label={label}>
          <NavList items={items} onNavigate={() => setOpen(false)} />
        </nav>
        <p className="mt-4 border-t border-slate-200 px-3 pt-4 text-sm">
          <Link href={account.href} onClick={() => setOpen(false)}>
            {account.label}
          </Link>
        </p>
      </Dialog>
    </div>
  )
}

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const pathname = usePathname()
  const current = currentItemHref(
    items.map((item) => item.href),
    pathname,
  )
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {items.map((item) => {
        const active = item.href === current
        return (
          <li key={item.key}>
            <Link
              href={item.href}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              className={clsx(
                'block rounded-md border-l-4 px-3 py-2 no-underline lg:py-1.5',
                active
                  ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800'
                  : 'border-transparent text-slate-700 hover:bg-slate-100',
              )}
            >
              {item.label}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
