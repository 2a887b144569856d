import Link from 'next/link'

/** The referral form's own page for a link that is not valid (unknown, disabled or expired): it says no more. */
export default function ReferralLinkNotValid() {
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h1 className="mb-2 text-xl font-semibold">Ce lien n’est pas valide</h1>
      <p className="mb-6 text-slate-700">Demandez un nouveau lien à la structure qui vous l’a transmis.</p>
      <Link href="/referral-form/homepage" className="underline">
        Qu’est-ce que le formulaire d’orientation&nbsp;?
      </Link>
    </section>
  )
}
