import { analyseRequest } from '@/lib/offers/import-request'
import { jsonRoute } from '@/lib/http/route'

/** POST multipart {file} ?structureId=: every row of a social offers file checked (line, French reasons). Writes nothing. */
export const POST = jsonRoute(async function post(request: Request) {
  const checked = await analyseRequest(request)
  if (!checked.ok) return checked.response
  const { format, lines, valid, invalid, updates } = checked.analysis
  return Response.json({
    format,
    valid,
    invalid,
    updates,
    errors: lines.filter((l) => l.errors.length).slice(0, 500),
    sample: lines.filter((l) => !l.errors.length).slice(0, 10),
  })
})
