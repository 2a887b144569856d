import { NotFoundScreen } from '@/components/layout/not-found-screen'

export default function NotFound() {
  return <NotFoundScreen />
}
