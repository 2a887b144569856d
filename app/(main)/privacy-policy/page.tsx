import { eq } from 'drizzle-orm'
import { LegalPage } from '@/components/layout/legal-page'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { getCurrentUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { organisations } from '@/lib/db/schema'
import { retentionPeriodText } from '@/lib/retention/period-text'

export const generateMetadata = pageMetadata('privacyPolicy')

/** Public: a signed-in user of an organisation reads that organisation's retention period; anyone else the default. */
export default async function PrivacyPolicyPage() {
  const user = await getCurrentUser()
  const [organisation] = user?.organisationId
    ? await getDb()
        .select({ name: organisations.name, retentionDays: organisations.retentionDays })
        .from(organisations)
        .where(eq(organisations.id, user.organisationId))
    : []
  return (
    <LegalPage title={await pageTitle('privacyPolicy')}>
      <p>
        Passerelle traite les données des personnes accompagnées pour organiser leur accompagnement vers l’emploi et
        leurs orientations vers des structures partenaires.
      </p>
      <p>
        Une structure partenaire ne voit que les personnes qui lui ont été prescrites, et seulement ce que la
        prescription contient.
      </p>
      <p>
        Le numéro de sécurité sociale n’apparaît jamais dans les exports&nbsp;; chaque consultation est enregistrée.
      </p>
      <h2 className="text-lg font-semibold text-slate-900">Durée de conservation</h2>
      <p>{retentionPeriodText(organisation ?? null)}</p>
      <p>
        L’anonymisation remplace le nom par «&nbsp;Anonyme&nbsp;» suivi d’un code, et supprime les coordonnées, le
        numéro de sécurité sociale, les champs personnalisés, le texte des SMS et les fiches PDF. Les statistiques
        restent justes&nbsp;: elles ne gardent aucune donnée personnelle.
      </p>
    </LegalPage>
  )
}
