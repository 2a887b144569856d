'use client'

import { UNAVAILABLE_FR } from '@/components/layout/error-screen'
import { DB_UNAVAILABLE_DIGEST } from '@/lib/unavailable'

// The root layout itself failed: no translations are available here, so the text is inline French. With the database
// out of reach (a layout reads the session first), the screen says so.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const unavailable = error.digest === DB_UNAVAILABLE_DIGEST
  return (
    <html lang="fr">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}>
        <h1>{unavailable ? UNAVAILABLE_FR.title : 'Une erreur est survenue'}</h1>
        <p>
          {unavailable ? UNAVAILABLE_FR.text : 'Nous n’avons pas pu afficher cette page. Réessayez dans un instant.'}
        </p>
        <button type="button" onClick={reset}>
          Réessayer
        </button>
      </body>
    </html>
  )
}
