import { getTranslations } from 'next-intl/server'
import { buttonClass } from '@/components/ui/button'
import { PROVIDER_LABEL_KEYS, type ProviderId } from '@/lib/auth/identity-providers'
import { signInWithProviderAction } from '@/lib/auth/oauth-actions'

/** One button per configured identity provider (spec §2), each a form: no JavaScript needed, no URL built in the browser. */
export async function ProviderButtons({ providers, callbackURL }: { providers: ProviderId[]; callbackURL?: string }) {
  const t = await getTranslations('auth')
  return (
    <section aria-labelledby="providers-title" className="mt-6 border-t border-slate-200 pt-4">
      <h2 id="providers-title" className="mb-3 text-sm font-medium text-slate-700">
        {t('providersTitle')}
      </h2>
      <div className="flex flex-col gap-2">
        {providers.map((id) => (
          <form key={id} action={signInWithProviderAction}>
            <input type="hidden" name="provider" value={id} />
            {callbackURL && <input type="hidden" name="callbackURL" value={callbackURL} />}
            <button type="submit" className={buttonClass('secondary', 'w-full')}>
              {t('signInWith', { provider: t(PROVIDER_LABEL_KEYS[id]) })}
            </button>
          </form>
        ))}
      </div>
    </section>
  )
}
