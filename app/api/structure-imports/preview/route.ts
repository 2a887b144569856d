import { analyseStructureRequest } from '@/lib/partners/structure-import-request'
import { jsonRoute } from '@/lib/http/route'

/** POST multipart {file} ?kind=structures|services: what each line of a data·inclusion file would do. Writes nothing. */
export const POST = jsonRoute(async function post(request: Request) {
  const checked = await analyseStructureRequest(request)
  if (!checked.ok) return checked.response
  if (checked.kind === 'structures') {
    const { lines, created, linked, refused } = checked.analysis
    return Response.json({ kind: 'structures', created, linked, refused, lines: lines.slice(0, 1000) })
  }
  const { lines, valid, invalid, updates, perStructure } = checked.analysis
  return Response.json({
    kind: 'services',
    valid,
    invalid,
    updates,
    perStructure,
    errors: lines.filter((l) => l.errors.length).slice(0, 500),
  })
})
