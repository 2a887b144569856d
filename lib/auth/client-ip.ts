import { createHash } from 'node:crypto'

/**
 * The client's address, for per-address throttling, or null when no address can be trusted.
 *
 * `next start` only fills X-Forwarded-For with the socket's address when the request has none: without a
 * reverse proxy, a client writes that header itself. So by default (TRUSTED_PROXY_HOPS unset or 0) no header
 * is trusted and there is no per-address limit; the per-account limits, which do not depend on it, still hold.
 * Behind N reverse proxies that each append the address they saw, set TRUSTED_PROXY_HOPS=N: the entry N from
 * the right is the one the outermost trusted proxy wrote.
 */
export function clientIp(headers: Headers, hopsSetting = process.env.TRUSTED_PROXY_HOPS): string | null {
  const hops = Math.trunc(Number(hopsSetting ?? 0))
  if (!Number.isFinite(hops) || hops < 1) return null
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  // Fewer entries than trusted hops: the request did not come through the proxies as configured.
  return chain.length >= hops ? chain[chain.length - hops]! : null
}

/** A stable, non-reversible key for an address or an email: throttling rows never hold them in clear. */
export function hashKey(value: string): string {
  return createHash('sha256')
    .update(`passerelle-throttle:${value.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32)
}
