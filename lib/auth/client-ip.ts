import { createHash } from 'node:crypto'

/**
 * The client's address, for throttling. `next start` fills X-Forwarded-For with the socket's address when the
 * request has none; a reverse proxy appends the address it saw. The entry TRUSTED_PROXY_HOPS from the right
 * (default 1: the last one) is the one a trusted hop wrote. Without a proxy a client can choose what this
 * returns, which only loosens the per-IP limit: the per-account limit does not depend on it.
 */
export function clientIp(headers: Headers): string {
  const hops = Math.max(1, Number(process.env.TRUSTED_PROXY_HOPS ?? 1) || 1)
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return chain[Math.max(0, chain.length - hops)] ?? headers.get('x-real-ip') ?? 'unknown'
}

/** A stable, non-reversible key for an address or an email: throttling rows never hold them in clear. */
export function hashKey(value: string): string {
  return createHash('sha256').update(`passerelle-throttle:${value.trim().toLowerCase()}`).digest('base64url').slice(0, 32)
}
