import type { ContactView } from '@/lib/invitations/public-view'

/** Whom to call when the link can no longer do it: the organisation's phone (a tel: link) and address. */
export function ContactCard({ organisation, lead }: { organisation: ContactView; lead: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      <p>{lead}</p>
      {organisation.phone && organisation.tel && (
        <p>
          Appelez {organisation.name} au{' '}
          <a href={`tel:${organisation.tel}`} className="text-base font-semibold whitespace-nowrap underline">
            {organisation.phone}
          </a>
          .
        </p>
      )}
      {organisation.email && (
        <p>
          {organisation.phone ? 'Ou écrivez à ' : `Écrivez à ${organisation.name}\u00a0: `}
          <a href={`mailto:${organisation.email}`} className="break-all underline">
            {organisation.email}
          </a>
          .
        </p>
      )}
      {!organisation.phone && !organisation.email && (
        <p>Contactez {organisation.name}, qui vous a envoyé cette invitation.</p>
      )}
    </div>
  )
}
