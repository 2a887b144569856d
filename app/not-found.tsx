import { NotFoundScreen } from '@/components/layout/not-found-screen'

export default function NotFound() {
  return (
    <main id="contenu" className="px-4 py-16">
      <NotFoundScreen />
    </main>
  )
}
