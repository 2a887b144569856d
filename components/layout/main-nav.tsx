'use client'

import Link from '@/components/ui/link'
import { usePathname } from 'next/navigation'
import { clsx } from 'clsx'

export function MainNav({ label, items }: { label: string; items: { key: string; href: string; label: string }[] }) {
  const pathname = usePathname()
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1 text-sm lg:flex-col lg:flex-nowrap">
        {items.map((item) => {
          const current = pathname === item.href || pathname.startsWith(`${item.href}/`)
          return (
            <li key={item.key}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={clsx('block rounded-md px-3 py-1.5 no-underline', current ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-700 hover:bg-slate-100')}
              >
                {item.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
