'use client'

import { ErrorScreen } from '@/components/layout/error-screen'

/** The referral form's own error page (spec §2, §8): its visitors are not Passerelle users. */
export default function ReferralFormError({ reset }: { error: Error; reset: () => void }) {
  return (
    <ErrorScreen
      reset={reset}
      title="Le formulaire d’orientation est momentanément indisponible"
      text="Votre orientation n’a pas été perdue si vous ne l’aviez pas encore envoyée : réessayez dans un instant, ou contactez directement la structure qui vous a transmis ce lien."
    />
  )
}
