'use client'

// The root layout itself failed: no translations are available here, so the text is inline French.
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="fr">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}>
        <h1>Une erreur est survenue</h1>
        <p>Nous n’avons pas pu afficher cette page. Réessayez dans un instant.</p>
        <button type="button" onClick={reset}>
          Réessayer
        </button>
      </body>
    </html>
  )
}
