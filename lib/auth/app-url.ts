/** The app's public URL: BETTER_AUTH_URL (scripts/start.ts sets it), links in emails and OAuth redirects start with it. */
export function appUrl(): string {
  return (process.env.BETTER_AUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '')
}
