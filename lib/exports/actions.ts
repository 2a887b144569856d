'use server'

import { revalidatePath } from 'next/cache'
import { getActiveUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { can } from '@/lib/permissions'
import { exportsOfUser } from './queries'
import { requestExport, type RequestExportResult } from './request-export'

const NOT_ALLOWED = 'Vous n’avez pas accès aux exports.'
const UNEXPECTED = 'L’export n’a pas pu être lancé. Réessayez dans un instant.'

async function exportUser() {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, 'settings.exports.visualize')) return null
  return user as typeof user & { organisationId: string }
}

/** "Lancer l'export": the request is checked, recorded and queued; the list then shows its progress. */
export async function requestExportAction(input: unknown): Promise<RequestExportResult> {
  const user = await exportUser()
  if (!user) return { ok: false, error: NOT_ALLOWED }
  try {
    const result = await requestExport(getDb(), {
      organisationId: user.organisationId,
      userId: user.id,
      input,
      now: now(),
    })
    if (result.ok) revalidatePath('/v2/settings/exports')
    return result
  } catch (error) {
    logError('exports.request', error)
    return { ok: false, error: UNEXPECTED }
  }
}

/** The list's progress, polled while an export is queued or running. */
export async function myExportsAction() {
  const user = await exportUser()
  if (!user) return []
  const rows = await exportsOfUser(getDb(), { organisationId: user.organisationId, userId: user.id })
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }))
}
export type MyExport = Awaited<ReturnType<typeof myExportsAction>>[number]
