/**
 * A second app process for auth-processes.int.test.ts: its own pool and better-auth instance on the same
 * database, driven by JSON lines on stdin, answering one JSON line each on stdout.
 */
import readline from 'node:readline'
import { activeSession } from '@/lib/auth/active-session'
import { createAuth } from '@/lib/auth/auth'
import { cookieHeaderOf, passwordSignIn } from '@/lib/auth/password-sign-in'
import { createDb } from '@/lib/db/client'

const { db, pool } = createDb(process.env.AUTH_PROCESS_DATABASE_URL!, 2)
const auth = createAuth({
  db,
  baseURL: process.env.AUTH_PROCESS_BASE_URL!,
  secret: process.env.AUTH_PROCESS_SECRET!,
  nextjs: false,
})

type Command =
  | { op: 'sign-in'; email: string; password: string; ip: string }
  | { op: 'session'; cookie: string }
  | { op: 'sign-out'; cookie: string }
  | { op: 'exit' }

async function run(command: Command): Promise<unknown> {
  switch (command.op) {
    case 'sign-in': {
      const result = await passwordSignIn(auth, db, {
        ...command,
        requestHeaders: new Headers({ 'x-forwarded-for': command.ip }),
      })
      return { kind: result.kind, cookie: result.kind === 'signed-in' ? cookieHeaderOf(result.responseHeaders) : null }
    }
    case 'session': {
      const session = await activeSession(auth, db, new Headers({ cookie: command.cookie }))
      return { userId: session?.user.id ?? null }
    }
    case 'sign-out':
      await auth.api.signOut({ headers: new Headers({ cookie: command.cookie }) })
      return { ok: true }
    case 'exit':
      await pool.end()
      process.exit(0)
  }
}

const lines = readline.createInterface({ input: process.stdin })
lines.on('line', async (line) => {
  try {
    process.stdout.write(`${JSON.stringify(await run(JSON.parse(line)))}\n`)
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: (error as Error).name })}\n`)
  }
})
process.stdout.write(`${JSON.stringify({ ready: process.pid })}\n`)
