import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { getDb } from '@/lib/db/client'
import { checkMapping, guessMapping, importFields } from '@/lib/imports/columns'
import { importEventStream } from '@/lib/imports/event-stream'
import { can } from '@/lib/permissions'
import { analyseImport } from '@/lib/imports/import-candidates'
import { parseImportFile } from '@/lib/imports/parse-file'
import { defineRoute } from '@/lib/frame/route'
import { candidateUpload } from '../upload'

/** Rows shown under the column mapping. */
const PREVIEW_ROWS = 5

/**
 * POST multipart {file, mapping?}: the file's columns, a guessed (or the given) mapping, its first rows and, when the
 * mapping names the candidates, every row's validation and duplicates. Streams its steps (NDJSON). Writes nothing.
 */
export const POST = defineRoute({
  ...candidateUpload,
  name: 'candidate-import.preview',
  run: async ({ user, organisationId, upload: { fileName, bytes, fields } }) =>
    importEventStream('candidate-import.preview', async (send) => {
      const db = getDb()
      send({ type: 'step', step: 'parse', done: 0, total: 1 })
      const parsed = await parseImportFile(bytes, fileName)
      if (!parsed.ok) return send({ type: 'error', error: parsed.error })
      const { table } = parsed
      send({ type: 'step', step: 'parse', done: 1, total: 1 })

      const { customFields } = await candidateSettings(db, organisationId)
      let mapping = guessMapping(table.headers, customFields)
      let mappingError: string | null = null
      if (fields.mapping !== undefined) {
        const checked = checkMapping(safeJson(fields.mapping), table.headers, customFields)
        if (!checked.ok) return send({ type: 'error', error: checked.error })
        mapping = checked.mapping
      } else {
        const checked = checkMapping(mapping, table.headers, customFields)
        if (!checked.ok) mappingError = checked.error
      }
      const analysis = mappingError
        ? null
        : await analyseImport(
            db,
            organisationId,
            table,
            mapping,
            (step, done, total) => send({ type: 'step', step, done, total }),
            can(user, 'candidate.nir.visualize'),
          )
      send({
        type: 'result',
        fileName,
        format: table.format,
        encoding: table.encoding,
        headers: table.headers,
        fields: importFields(customFields),
        mapping,
        mappingError,
        preview: table.rows.slice(0, PREVIEW_ROWS),
        counts: analysis?.counts ?? null,
        lines: analysis?.lines ?? null,
      })
    }),
})

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
