import { z } from 'zod'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { getDb } from '@/lib/db/client'
import { checkMapping } from '@/lib/imports/columns'
import { importEventStream } from '@/lib/imports/event-stream'
import { can } from '@/lib/permissions'
import { importCandidates } from '@/lib/imports/import-candidates'
import { IMPORT_MESSAGES } from '@/lib/imports/messages'
import { parseImportFile } from '@/lib/imports/parse-file'
import { text } from '@/lib/text/safe-text'
import { defineRoute } from '@/lib/frame/route'
import { candidateUpload } from '../upload'

const optionsSchema = z.object({
  mapping: text().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.mappingInvalid })
      return z.NEVER
    }
  }),
  mode: z.enum(['valid', 'allOrNothing'], { error: IMPORT_MESSAGES.mappingInvalid }),
  includeDuplicates: z.enum(['true', 'false']).transform((v) => v === 'true'),
})

/**
 * POST multipart {file, mapping, mode, includeDuplicates}: the confirmed import. The same file is read and validated
 * again on the server, then written in one transaction (lib/imports/import-candidates.ts). Streams its steps (NDJSON).
 */
export const POST = defineRoute({
  ...candidateUpload,
  name: 'candidate-import.commit',
  input: optionsSchema,
  messages: { ...candidateUpload.messages, invalid: IMPORT_MESSAGES.mappingInvalid },
  run: async ({ user, actor, organisationId, input: options, upload: { fileName, bytes } }) =>
    importEventStream('candidate-import.commit', async (send) => {
      const db = getDb()
      send({ type: 'step', step: 'parse', done: 0, total: 1 })
      const parsed = await parseImportFile(bytes, fileName)
      if (!parsed.ok) return send({ type: 'error', error: parsed.error })
      send({ type: 'step', step: 'parse', done: 1, total: 1 })
      const { customFields } = await candidateSettings(db, organisationId)
      const mapping = checkMapping(options.mapping, parsed.table.headers, customFields)
      if (!mapping.ok) return send({ type: 'error', error: mapping.error })

      const result = await importCandidates(db, {
        ...actor,
        matchNir: can(user, 'candidate.nir.visualize'),
        table: parsed.table,
        mapping: mapping.mapping,
        mode: options.mode,
        includeDuplicates: options.includeDuplicates,
        onProgress: (step, done, total) => send({ type: 'step', step, done, total }),
      })
      send({ type: 'result', ...result })
    }),
})
