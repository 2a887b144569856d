import { defineRoute, json } from '@/lib/frame/route'
import { analysedOffers, offerUpload } from '../upload'

/** POST multipart {file} ?structureId=: every row of a social offers file checked (line, French reasons). Writes nothing. */
export const POST = defineRoute({
  ...offerUpload,
  name: 'offer-import.preview',
  run: async ({ query, upload }) => {
    const analysis = await analysedOffers(query.structureId, upload)
    if (analysis instanceof Response) return analysis
    const { format, lines, valid, invalid, updates } = analysis
    return json({
      format,
      valid,
      invalid,
      updates,
      errors: lines.filter((l) => l.errors.length).slice(0, 500),
      sample: lines.filter((l) => !l.errors.length).slice(0, 10),
    })
  },
})
