/**
 * Any other path under /api: a JSON 404 for every method. Without it Next.js answers with the not-found page, and a
 * POST there is read as a form's server action (a body over its limit then fails with a 500).
 */
const notFound = () => Response.json({ error: 'Cette adresse n’existe pas.' }, { status: 404 })
export const GET = notFound
export const POST = notFound
export const PUT = notFound
export const PATCH = notFound
export const DELETE = notFound
