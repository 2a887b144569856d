import fs from 'node:fs'
import path from 'node:path'
import { OperatorError } from './operator-error'

/**
 * The embedded cluster is open when its postmaster.pid names a live PostgreSQL process: `npm start` (or another
 * `npm run admin`) is using it. A file left by a crash names a dead process (or, after a reboot, one that is not
 * PostgreSQL) and does not count: PostgreSQL itself starts over such a file.
 */
export function embeddedServerPid(clusterDir: string): number | null {
  let pid: number
  try {
    pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null
  }
  try {
    // Linux tells the process's name; elsewhere a live pid is taken as the server's.
    const name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
    return name.startsWith('postgres') ? pid : null
  } catch {
    return pid
  }
}

/** Commands that open the embedded cluster themselves refuse while a server already has it open. */
export function assertEmbeddedStopped(clusterDir: string): void {
  const pid = embeddedServerPid(clusterDir)
  if (pid)
    throw new OperatorError(
      `La base embarquée (${clusterDir}) est ouverte par un autre processus (PostgreSQL, n°\u00a0${pid})\u00a0: arrêtez d’abord «\u00a0npm start\u00a0» (Ctrl-C), puis relancez la commande. Rien n’a été modifié.`,
    )
}
