/**
 * The Content Security Policy of every page, with this request's nonce. Next.js reads the nonce from the
 * request's policy and puts it on its own scripts; 'strict-dynamic' lets those load their chunks.
 * Styles: Tailwind's stylesheet is 'self', and React/Radix set style attributes (positions, sizes), which
 * only 'unsafe-inline' allows (a nonce cannot cover attributes; no script can be injected through styles).
 * Frames: the FUP preview shows a PDF from a blob: URL. Forms may lead to the configured identity providers
 * (sign-in, and ProConnect's logout), which the browser checks against form-action on the redirect.
 */
export function contentSecurityPolicy({
  nonce,
  dev = false,
  formTargets = [],
  https = false,
}: {
  nonce: string
  dev?: boolean
  formTargets?: string[]
  https?: boolean
}): string {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    `frame-src 'self' blob:`,
    `child-src 'self' blob:`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    `form-action 'self'${formTargets.map((t) => ` ${t}`).join('')}`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/** A fresh nonce per request: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}
