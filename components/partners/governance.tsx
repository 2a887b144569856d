import { fullName } from '@/lib/person-name'

/** Who runs the structure and which organisations work with it: what everyone who sees the structure may know. */
export function Governance({
  governance,
}: {
  governance: {
    runBy: 'structure' | 'organisation' | 'nobody'
    creatingOrganisationName: string | null
    admins: { firstName: string; lastName: string }[]
    organisations: string[]
  }
}) {
  const admins = governance.admins.map(fullName).join(', ')
  return (
    <section aria-labelledby="governance-title" className="flex flex-col gap-2">
      <h2 id="governance-title" className="text-lg font-semibold">
        Gestion de la structure
      </h2>
      <p className="text-sm">
        {governance.runBy === 'structure'
          ? `Gérée par ses propres utilisateurs\u00a0: ${admins}.`
          : governance.runBy === 'organisation'
            ? `Gérée par «\u00a0${governance.creatingOrganisationName ?? '–'}\u00a0» tant qu’elle n’a pas d’administrateur à elle.`
            : 'Structure partagée\u00a0: consultable par toutes les organisations, modifiable par aucune.'}
      </p>
      <p className="text-sm text-slate-700">
        {governance.organisations.length === 0
          ? 'Aucune organisation ne travaille encore avec elle.'
          : `Organisations qui travaillent avec elle\u00a0: ${governance.organisations.join(', ')}.`}
      </p>
    </section>
  )
}
