import { notFound } from 'next/navigation'
import { requirePagePermission } from '@/lib/auth/session'

/** Document models are not stored yet, so every id is "not found" (after the settings guard). */
export default async function SettingsModelePage() {
  await requirePagePermission('settings.visualize')
  notFound()
}
