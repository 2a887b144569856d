/** Next.js runs register() once per server process, before any request (lib/zod-locale.ts: zod's messages in French). */
export async function register() {
  await import('./lib/zod-locale')
}
