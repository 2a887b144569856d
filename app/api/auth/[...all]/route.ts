import { getAuth } from '@/lib/auth/auth'
import { getDb } from '@/lib/db/client'
import { handleAuthRequest } from '@/lib/auth/http-endpoints'

// better-auth over HTTP: the identity providers' callbacks and a throttled JSON sign-in (lib/auth/http-endpoints.ts).
// Every other step (reset, codes, sign-out…) is a server action, throttled in lib/auth/throttle.ts.
export async function GET(request: Request) {
  return handleAuthRequest(getAuth(), getDb(), request)
}
export async function POST(request: Request) {
  return handleAuthRequest(getAuth(), getDb(), request)
}
