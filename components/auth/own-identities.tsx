import { getTranslations } from 'next-intl/server'
import { FormAlert } from '@/components/auth/form-alert'
import { RemoveOwnIdentity } from '@/components/auth/remove-own-identity'
import { buttonClass } from '@/components/ui/button'
import { linkIdentityAction } from '@/lib/auth/identity-actions'
import { LINK_FRESH_MINUTES } from '@/lib/auth/identity-links'
import { PROVIDER_IDS, PROVIDER_LABEL_KEYS, type ProviderId } from '@/lib/auth/identity-providers'
import { identityLinkErrorKey } from '@/lib/auth/oauth-errors'
import { formatDate } from '@/lib/dates'

type Identity = { id: string; providerId: string; linkedAt: Date }

/**
 * The account page's identities: the ones the user linked (each can be removed) and a button per offered provider
 * not linked yet, which starts that provider's round trip to link the user's own login. `linked` and `error` are the
 * page's query string on the way back.
 */
export async function OwnIdentities({
  identities,
  offered,
  linked,
  error,
}: {
  identities: Identity[]
  offered: ProviderId[]
  linked?: string
  error?: string
}) {
  const t = await getTranslations('auth')
  const label = (id: string) =>
    PROVIDER_IDS.includes(id as ProviderId) ? t(PROVIDER_LABEL_KEYS[id as ProviderId]) : id
  const toLink = offered.filter((id) => !identities.some((i) => i.providerId === id))
  const justLinked = linked && identities.some((i) => i.providerId === linked) ? linked : null
  return (
    <section aria-labelledby="identities-title" className="mt-6 border-t border-slate-200 pt-4">
      <h2 id="identities-title" className="mb-2 font-semibold">
        {t('identitiesTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('identitiesIntro', { minutes: LINK_FRESH_MINUTES })}</p>
      <div className="mb-3 flex flex-col gap-2">
        {justLinked && <FormAlert tone="success">{t('identityLinked', { provider: label(justLinked) })}</FormAlert>}
        {error && <FormAlert tone="error">{t(identityLinkErrorKey(error), { minutes: LINK_FRESH_MINUTES })}</FormAlert>}
      </div>
      {identities.length === 0 ? (
        <p className="mb-3 text-sm">{t('identitiesNone')}</p>
      ) : (
        <ul className="mb-3 divide-y divide-slate-100 rounded-md border border-slate-200">
          {identities.map((identity) => (
            <li key={identity.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <span className="font-medium">{label(identity.providerId)}</span>{' '}
                <span className="text-slate-600">{t('identityLinkedOn', { date: formatDate(identity.linkedAt) })}</span>
              </span>
              <RemoveOwnIdentity
                accountRowId={identity.id}
                texts={{
                  button: t('identityRemove'),
                  label: t('identityRemoveLabel', { provider: label(identity.providerId) }),
                  title: t('identityRemoveTitle'),
                  description: t('identityRemoveDescription', { provider: label(identity.providerId) }),
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {toLink.length > 0 && (
        <div className="flex flex-col gap-2">
          {toLink.map((id) => (
            <form key={id} action={linkIdentityAction}>
              <input type="hidden" name="provider" value={id} />
              <button type="submit" className={buttonClass('secondary', 'w-full')}>
                {t('identityLink', { provider: label(id) })}
              </button>
            </form>
          ))}
        </div>
      )}
    </section>
  )
}
