'use client'

import { Button } from '@/components/ui/button'

export type ErrorScreenLabels = { errorTitle: string; errorText: string; retry: string }

/**
 * messages/fr.json common.errorTitle, errorText and retry (a unit test keeps them equal). Outside the login pages the
 * app is in French only, and no next-intl runtime is sent there (first-load JavaScript); the login pages, which can be
 * in English, pass their translations.
 */
export const ERROR_SCREEN_FR: ErrorScreenLabels = {
  errorTitle: 'Une erreur est survenue',
  errorText:
    'Nous n’avons pas pu afficher cette page. Réessayez dans un instant\u00a0; si le problème persiste, contactez votre administrateur.',
  retry: 'Réessayer',
}

/** PostgreSQL out of reach (lib/unavailable.ts): said as such, in French, on every screen. */
export const UNAVAILABLE_FR = {
  title: 'Service momentanément indisponible',
  text: 'Passerelle ne parvient pas à joindre sa base de données. Réessayez dans quelques instants.',
}

/** The generic error screen of every route (spec §2, §8). Never shows the error's text: it may hold internals. */
export function ErrorScreen({
  reset,
  title,
  text,
  labels = ERROR_SCREEN_FR,
}: {
  reset?: () => void
  title?: string
  text?: string
  labels?: ErrorScreenLabels
}) {
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h1 className="mb-2 text-xl font-semibold">{title ?? labels.errorTitle}</h1>
      <p className="mb-6 text-slate-700">{text ?? labels.errorText}</p>
      {reset && <Button onClick={reset}>{labels.retry}</Button>}
    </section>
  )
}
