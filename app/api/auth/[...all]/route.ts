import { toNextJsHandler } from 'better-auth/next-js'
import { getAuth } from '@/lib/auth/auth'

// better-auth's endpoints (sign-in, sign-out, session…). Created lazily: the build needs no database.
export async function GET(request: Request) {
  return toNextJsHandler(getAuth()).GET(request)
}
export async function POST(request: Request) {
  return toNextJsHandler(getAuth()).POST(request)
}
