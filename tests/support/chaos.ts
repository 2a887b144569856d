import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const WORKER = fileURLToPath(new URL('./chaos-worker.ts', import.meta.url))

/**
 * Two (or more) job worker processes for a chaos test, each killed with SIGKILL at random moments during
 * `killForMs` and started again at once; `kills` counts them. `stop` kills them all for good.
 */
export function chaosWorkers(options: { count: number; env: Record<string, string>; killEveryMs: [number, number]; killForMs: number }) {
  const workers: (ChildProcess | null)[] = []
  let kills = 0
  let stopped = false
  const start = (i: number) => {
    workers[i] = spawn(process.execPath, ['--import', 'tsx', WORKER], { env: { ...process.env, ...options.env }, stdio: ['ignore', 'ignore', 'ignore'] })
  }
  for (let i = 0; i < options.count; i++) start(i)
  const began = Date.now()
  const killer = (async () => {
    while (!stopped && Date.now() - began < options.killForMs) {
      const [min, max] = options.killEveryMs
      await new Promise((r) => setTimeout(r, min + Math.random() * (max - min)))
      if (stopped) break
      const i = Math.floor(Math.random() * options.count)
      workers[i]?.kill('SIGKILL')
      kills += 1
      start(i)
    }
  })()
  return {
    get kills() {
      return kills
    },
    async stop() {
      stopped = true
      await killer
      for (const w of workers) w?.kill('SIGKILL')
    },
  }
}

/** Polls `check` every `everyMs` until it returns true or `timeoutMs` passed; runs `meanwhile` on each round. */
export async function until(check: () => Promise<boolean>, options: { timeoutMs: number; everyMs: number; meanwhile?: () => Promise<unknown> }): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs
  while (Date.now() < deadline) {
    await options.meanwhile?.()
    if (await check()) return true
    await new Promise((r) => setTimeout(r, options.everyMs))
  }
  return false
}
