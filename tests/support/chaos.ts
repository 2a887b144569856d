import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const WORKER = fileURLToPath(new URL('./chaos-worker.ts', import.meta.url))

/**
 * Job worker processes for a chaos test (tests/support/chaos-worker.ts), each killed with SIGKILL a random time after it
 * is ready (its jobs running), and started again at once, for `killForMs` from the first one ready; `kills` counts
 * them. `stop` kills them all.
 */
export function chaosWorkers(options: {
  count: number
  env: Record<string, string>
  killEveryMs: [number, number]
  killForMs: number
}) {
  const workers: (ChildProcess | null)[] = []
  const timers = new Set<NodeJS.Timeout>()
  let kills = 0
  let stopped = false
  // From the first worker ready, not from the spawn: on a loaded machine starting one may take longer than killForMs.
  let began: number | undefined
  const start = (i: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    })
    workers[i] = child
    child.once('message', () => {
      began ??= Date.now()
      if (stopped || Date.now() - began > options.killForMs) return
      const [min, max] = options.killEveryMs
      const timer = setTimeout(
        () => {
          timers.delete(timer)
          if (stopped || workers[i] !== child) return
          child.kill('SIGKILL')
          kills += 1
          start(i)
        },
        min + Math.random() * (max - min),
      )
      timers.add(timer)
    })
  }
  for (let i = 0; i < options.count; i++) start(i)
  return {
    get kills() {
      return kills
    },
    async stop() {
      stopped = true
      for (const t of timers) clearTimeout(t)
      for (const w of workers) w?.kill('SIGKILL')
    },
  }
}

/** One job worker process (tests/support/chaos-worker.ts) and the moment its jobs run. */
export function workerProcess(env: Record<string, string>): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  })
  return { child, ready: new Promise((resolve) => child.once('message', () => resolve())) }
}

/** Polls `check` every `everyMs` until it returns true or `timeoutMs` passed; runs `meanwhile` on each round. */
export async function until(
  check: () => Promise<boolean>,
  options: { timeoutMs: number; everyMs: number; meanwhile?: () => Promise<unknown> },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs
  while (Date.now() < deadline) {
    await options.meanwhile?.()
    if (await check()) return true
    await new Promise((r) => setTimeout(r, options.everyMs))
  }
  return false
}
