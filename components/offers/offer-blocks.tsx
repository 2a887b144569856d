import { clsx } from 'clsx'
import { getTranslations } from 'next-intl/server'
import type { socialOffers } from '@/lib/db/schema'
import { sanitizeDescription } from '@/lib/offers/sanitize-description'
import { formatPhone } from '@/lib/phone'
import { ValidityBadge } from './validity-badge'
import { OfferDescription } from './offer-description'
import { OfferEditButton } from './offer-edit-button'

type Offer = typeof socialOffers.$inferSelect

type ServiceType = { challenges: { id: string; name: string }[]; financingModes: { value: string; label: string }[] }

/**
 * The top of spec §2's offer column: the offer's name and its edit button. On a wide screen it heads the 355 px
 * column; on a narrower one it comes before the applications, which come before the rest of the column, so that
 * the partner's list does not start 1 200 px down a phone.
 */
export function OfferSummary({ offer, canEdit, className }: { offer: Offer; canEdit: boolean; className?: string }) {
  return (
    <section
      aria-labelledby="offer-name"
      className={clsx('rounded-lg border border-slate-200 bg-white p-5', className)}
    >
      <div className="flex items-start justify-between gap-2">
        <h1 id="offer-name" className="text-xl font-semibold">
          {offer.name}
        </h1>
        {canEdit && <OfferEditButton offerId={offer.id} offerName={offer.name} />}
      </div>
    </section>
  )
}

/**
 * The rest of the offer column: the service-type block, useful information and the presentation (spec §2), the last
 * two hidden when empty.
 */
export async function OfferDetails({
  offer,
  serviceType,
  className,
}: {
  offer: Offer
  serviceType: ServiceType
  className?: string
}) {
  const t = await getTranslations('applies')
  const info: [string, React.ReactNode][] = (
    [
      ['Structure', offer.providerName],
      ['Adresse', offer.addressFormatted],
      [
        'Site internet',
        offer.providerWebsite && /^https?:\/\//.test(offer.providerWebsite) ? (
          <a href={offer.providerWebsite} target="_blank" rel="noopener noreferrer">
            {offer.providerWebsite.replace(/^https?:\/\//, '')}
          </a>
        ) : null,
      ],
      ['Informations de contact', offer.contactComment],
      ['Contact', offer.contactName],
      ['Téléphone', formatPhone(offer.contactPhone)],
      ['Email', offer.contactMail ? <a href={`mailto:${offer.contactMail}`}>{offer.contactMail}</a> : null],
      // What an imported data·inclusion service says of its fees, publics, reception, area, hours…
      ...(offer.sourceInfo.facts ?? []).map((f) => [
        f.label,
        <span key={f.label} className="whitespace-pre-line">
          {f.text}
        </span>,
      ]),
    ] as [string, React.ReactNode][]
  ).filter(([, value]) => value)
  const links = [
    { label: 'Orienter en ligne', href: offer.sourceInfo.orientUrl },
    { label: 'Fiche d’origine', href: offer.sourceInfo.sourceUrl },
  ].filter((l): l is { label: string; href: string } => !!l.href && /^https?:\/\//.test(l.href))
  return (
    <div className={clsx('flex flex-col gap-4', className)}>
      <section aria-labelledby="service-type" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="service-type" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
          Type de service
        </h2>
        <ValidityBadge offer={offer} />
        <Chips
          label="Défis"
          items={serviceType.challenges.map((c) => ({ key: c.id, text: c.name }))}
          className="bg-brand-50 text-brand-800"
        />
        <Chips
          label="Modes de financement"
          items={serviceType.financingModes.map((m) => ({ key: m.value, text: m.label }))}
          className="border border-slate-300 text-slate-700"
        />
      </section>
      {(info.length > 0 || links.length > 0) && (
        <section aria-labelledby="useful-info" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="useful-info" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
            Informations utiles
          </h2>
          {links.length > 0 && (
            <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {links.map((l) => (
                <li key={l.label}>
                  <a href={l.href} target="_blank" rel="noopener noreferrer" className="font-medium">
                    {l.label}
                    <span className="sr-only"> (nouvel onglet)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          <dl className="flex flex-col gap-2 text-sm">
            {info.map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {offer.description.trim() && (
        <section aria-labelledby="presentation" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="presentation" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
            Présentation
          </h2>
          <OfferDescription
            html={sanitizeDescription(offer.description)}
            title={offer.name}
            showFullOffer={t('showFullOffer')}
          />
        </section>
      )}
    </div>
  )
}

function Chips({
  label,
  items,
  className,
}: {
  label: string
  items: { key: string; text: string }[]
  className: string
}) {
  if (items.length === 0) return null
  return (
    <ul aria-label={label} className="mt-3 flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item.key} className={`rounded-full px-2.5 py-0.5 text-xs ${className}`}>
          {item.text}
        </li>
      ))}
    </ul>
  )
}
