import createNextIntlPlugin from 'next-intl/plugin'

const withNextIntl = createNextIntlPlugin('./i18n/request.ts')

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // pg and PGlite are server-only Node packages: keep them out of the bundle.
  serverExternalPackages: ['pg', '@electric-sql/pglite', '@electric-sql/pglite-socket', 'pdfkit'],
  typedRoutes: false,
}

export default withNextIntl(nextConfig)
