'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction } from '@/lib/frame/action'
import { exportsOfUser } from './queries'
import { requestExport } from './request-export'

const exporter = {
  permission: 'settings.exports.visualize',
  tenant: 'organisation',
  forbidden: 'Vous n’avez pas accès aux exports.',
} as const

/** "Lancer l'export": the request is checked, recorded and queued; the list then shows its progress. */
export const requestExportAction = defineAction({
  ...exporter,
  name: 'exports.request',
  failed: 'L’export n’a pas pu être lancé. Réessayez dans un instant.',
  input: z.tuple([z.unknown()]),
  run: async ({ user, organisationId, input: [input] }) => {
    const result = await requestExport(getDb(), { organisationId, userId: user.id, input, now: now() })
    if (result.ok) revalidatePath('/v2/settings/exports')
    return result
  },
})

/** The list's progress, polled while an export is queued or running. */
export const myExportsAction = defineAction({
  ...exporter,
  name: 'exports.mine',
  fallback: [],
  run: async ({ user, organisationId }) =>
    (await exportsOfUser(getDb(), { organisationId, userId: user.id })).map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt?.toISOString() ?? null,
    })),
})
export type MyExport = Awaited<ReturnType<typeof myExportsAction>>[number]
