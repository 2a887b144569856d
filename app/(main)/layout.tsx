import { Toaster } from '@/components/ui/toaster'
import Link from '@/components/ui/link'
import { getTranslations } from 'next-intl/server'
import { LegalLinks } from '@/components/layout/legal-links'
import { MainNav, MobileNav } from '@/components/layout/main-nav'
import { getCurrentUser } from '@/lib/auth/session'
import { signOutAction } from '@/lib/auth/actions'
import { navigationFor } from '@/lib/navigation'
import { fullName } from '@/lib/person-name'

/** The main layout (spec §2: grouped under '/'). Each page checks its own access; the layout only shows what the user may open. */
export default async function MainLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser()
  const [t, tNav] = await Promise.all([getTranslations('common'), getTranslations('nav')])
  const items = user ? navigationFor(user).map((i) => ({ ...i, label: tNav(i.key as 'candidates') })) : []
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          {user && (
            <MobileNav
              label={t('mainNavigation')}
              menuLabel={t('menu')}
              items={items}
              account={{ href: '/change-password', label: t('accountSecurity') }}
            />
          )}
          <Link href="/" className="text-lg font-semibold text-brand-800 no-underline">
            {t('appName')}
          </Link>
          {user && (
            <form
              action={signOutAction}
              className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm"
            >
              {/* The name is left out on a phone: the header keeps to one screen width. */}
              <span className="hidden text-slate-600 sm:inline">{fullName(user)}</span>
              <Link href="/change-password" className="hidden rounded-md px-2 py-1 sm:inline-block">
                {t('accountSecurity')}
              </Link>
              <button type="submit" className="rounded-md px-2 py-1 text-brand-700 hover:bg-slate-100">
                {t('signOut')}
              </button>
            </form>
          )}
        </div>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        {user && (
          <aside className="hidden w-52 shrink-0 border-r border-slate-200 bg-white px-2 py-4 lg:block">
            <MainNav label={t('mainNavigation')} items={items} />
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="contenu" className="w-full max-w-screen-2xl flex-1 px-4 py-6 lg:px-6">
            {children}
          </main>
          <Toaster />
          <footer className="border-t border-slate-200 bg-white">
            <div className="flex flex-wrap gap-4 px-4 py-3 text-sm lg:px-6">
              <LegalLinks />
            </div>
          </footer>
        </div>
      </div>
    </div>
  )
}
