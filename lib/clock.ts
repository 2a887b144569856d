import fs from 'node:fs'

/**
 * The one clock of the domain: reminders, quiet hours and scheduled sends read the time here, never `new Date()`,
 * so that a test can run them at a chosen instant.
 *
 * PASSERELLE_CLOCK_FILE (tests only: the e2e server sets it) names a file holding an ISO instant; while it exists,
 * every process of the app (web workers and job workers) reads its time from it. Without it: the system clock.
 */
export function now(): Date {
  const file = process.env.PASSERELLE_CLOCK_FILE
  if (!file) return new Date()
  try {
    const stat = fs.statSync(file)
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, at: readInstant(file) }
    if (!cached.at) return new Date()
    // The file fixes an instant; time then runs from it, so timeouts and back-offs still move on.
    return new Date(cached.at.getTime() + (Date.now() - stat.mtimeMs))
  } catch {
    return new Date()
  }
}

let cached: { mtimeMs: number; at: Date | null } | null = null

function readInstant(file: string): Date | null {
  const at = new Date(fs.readFileSync(file, 'utf8').trim())
  return Number.isNaN(at.getTime()) ? null : at
}

/**
 * The machine's time, for what better-auth compares with its own clock: sessions and their idle time, second-factor
 * challenges, password-reset and invitation tokens. A fixed domain clock (tests) must not expire a session or a link.
 */
export function systemNow(): Date {
  return new Date()
}
