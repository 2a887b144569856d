import createNextIntlPlugin from 'next-intl/plugin'
import { ACTION_BODY_LIMIT_BYTES } from './lib/security/body-limits.mjs'
import { STATIC_SECURITY_HEADERS } from './lib/security/static-headers.mjs'

const withNextIntl = createNextIntlPlugin('./i18n/request.ts')

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A second build directory lets two people (or a build and a benchmark) work in one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // Server-only Node packages: kept out of the bundle.
  serverExternalPackages: ['pg', 'pdfkit', 'pg-boss', 'twilio'],
  typedRoutes: false,
  // Explicit, and also checked in proxy.ts (a 413 in French rather than Next.js's 500).
  experimental: { serverActions: { bodySizeLimit: ACTION_BODY_LIMIT_BYTES } },
  // HSTS, nosniff, Referrer-Policy… on every response; each page's CSP (with its nonce) is set in proxy.ts.
  async headers() {
    return [{ source: '/:path*', headers: STATIC_SECURITY_HEADERS }]
  },
}

export default withNextIntl(nextConfig)
