/**
 * Pure helpers of the mixed workload (`mixed-workload.ts`): the body of a server action call as a browser sends it,
 * the action's result read back from its answer, and the CPU time of a process group read from /proc.
 */
import fs from 'node:fs'

/**
 * A server action's arguments as React's `encodeReply` sends plain JSON values: a JSON array, where a string that
 * starts with `$` is escaped as `$$` (the other `$…` strings are references). Only plain values here (no files,
 * dates, Maps), which is all the bench sends.
 */
export function encodeActionArgs(args: unknown[]): string {
  const escape = (_key: string, value: unknown) =>
    typeof value === 'string' && value.startsWith('$') ? `$${value}` : value
  return JSON.stringify(args, escape)
}

/**
 * The value a server action returned, from its answer (React's flight rows, `<hex id>:<JSON>` a line): row 0 holds
 * `{a: …}`, the result itself or a reference `$@<hex id>` to the row that holds it. Undefined when not found.
 */
export function actionResult(flight: string): unknown {
  const rows = new Map<string, unknown>()
  for (const line of flight.split('\n')) {
    const match = /^([0-9a-f]+):(.*)$/.exec(line)
    if (!match) continue
    try {
      rows.set(match[1]!, JSON.parse(match[2]!))
    } catch {
      // a row of another kind (text, hints): not the result
    }
  }
  const head = rows.get('0')
  if (!head || typeof head !== 'object' || !('a' in head)) return undefined
  const a = (head as { a: unknown }).a
  return typeof a === 'string' && a.startsWith('$@') ? rows.get(a.slice(2)) : a
}

/** The process group and the CPU ticks (user + system) of one `/proc/<pid>/stat` line; null if it does not parse. */
export function parseProcStat(stat: string): { pgrp: number; ticks: number } | null {
  // The command name (field 2) may hold spaces and parentheses: the fields that follow start after its last ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // rest[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
  const pgrp = Number(rest[2])
  const ticks = Number(rest[11]) + Number(rest[12])
  return Number.isFinite(pgrp) && Number.isFinite(ticks) ? { pgrp, ticks } : null
}

/**
 * The CPU time, in ticks, of every live process of a process group (the server's: scripts/serve.mjs, its web workers
 * and its job workers). A process that ended meanwhile takes its ticks with it: the bench starts none during a turn.
 */
export function groupTicks(pgrp: number): number {
  let ticks = 0
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // ended while listing
    }
    const parsed = parseProcStat(stat)
    if (parsed?.pgrp === pgrp) ticks += parsed.ticks
  }
  return ticks
}
