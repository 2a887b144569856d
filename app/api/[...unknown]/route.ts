import { defineRoute, refusal } from '@/lib/frame/route'

/**
 * Any other path under /api: a JSON 404 for every method. Without it Next.js answers with the not-found page, and a
 * POST there is read as a form's server action (a body over its limit then fails with a 500).
 */
const notFound = defineRoute({
  name: 'unknown',
  session: 'none',
  run: async () => refusal(404, 'Cette adresse n’existe pas.'),
})
export const GET = notFound
export const POST = notFound
export const PUT = notFound
export const PATCH = notFound
export const DELETE = notFound
