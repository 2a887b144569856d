import { defineRoute, json } from '@/lib/frame/route'
import { analysedFile, structureUpload } from '../upload'

/** POST multipart {file} ?kind=structures|services: what each line of a data·inclusion file would do. Writes nothing. */
export const POST = defineRoute({
  ...structureUpload,
  name: 'structure-import.preview',
  run: async ({ organisationId, query, upload }) => {
    const checked = await analysedFile(organisationId, query.kind, upload)
    if (checked instanceof Response) return checked
    if (checked.kind === 'structures') {
      const { lines, created, linked, refused } = checked.analysis
      return json({ kind: 'structures', created, linked, refused, lines: lines.slice(0, 1000) })
    }
    const { lines, valid, invalid, updates, perStructure } = checked.analysis
    return json({
      kind: 'services',
      valid,
      invalid,
      updates,
      perStructure,
      errors: lines.filter((l) => l.errors.length).slice(0, 500),
    })
  },
})
