import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'

export const generateMetadata = pageMetadata('referralHomepage')

/** Public (issue 14 §1): what the form is for, and that it opens from a personal link. */
export default async function ReferralHomepage() {
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
      <PageHeader title={await pageTitle('referralHomepage')} />
      <p className="text-slate-800">Ce formulaire permet d’orienter une personne vers une organisation qui l’accompagnera vers l’emploi (un département, une mission locale, une association…).</p>
      <h2 className="text-lg font-semibold">Comment faire&nbsp;?</h2>
      <ol className="list-decimal space-y-2 pl-5 text-slate-800">
        <li>Ouvrez le lien personnel que l’organisation vous a transmis. Chaque lien est propre à votre structure.</li>
        <li>Avec l’accord de la personne, décrivez sa situation et ses besoins.</li>
        <li>Envoyez. L’organisation étudie l’orientation et vous répond par email.</li>
      </ol>
      <p className="text-slate-800">
        Vous n’avez pas de lien&nbsp;? Demandez-le à l’organisation vers laquelle vous souhaitez orienter la personne. Pour savoir comment les données sont protégées, lisez la{' '}
        <a href="/privacy-policy" className="underline">
          politique de confidentialité
        </a>
        .
      </p>
    </section>
  )
}
