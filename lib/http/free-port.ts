import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'

/** Linux's range of source ports for outgoing connections (`ip_local_port_range`), its default elsewhere. */
export function outgoingPortRange(
  file = '/proc/sys/net/ipv4/ip_local_port_range',
): readonly [low: number, high: number] {
  try {
    const [low = NaN, high = NaN] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number)
    if (Number.isInteger(low) && Number.isInteger(high) && low > 0 && high >= low) return [low, high]
  } catch {}
  return [32768, 60999]
}

/** Whether a server can listen on 127.0.0.1:`port` now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

const LOWEST = 20000

/**
 * A port free on 127.0.0.1 now, for a server that binds it a moment later (another process: PostgreSQL, `next start`, a
 * stand-in). It is drawn below the range of outgoing connections' source ports: a port the kernel hands out for
 * `listen(0)` lies in that range, and any connection opened in the moment before the server binds (the app's own to
 * PostgreSQL, while it migrates and seeds) may take it as its source port. A resilience run once failed so, with
 * `EADDRINUSE`. Where the range leaves no room below it, the kernel's choice is taken.
 */
export async function freeLoopbackPort(): Promise<number> {
  const [low] = outgoingPortRange()
  if (low - 1 > LOWEST) {
    for (let attempt = 0; attempt < 64; attempt++) {
      const port = crypto.randomInt(LOWEST, low)
      if (await canListen(port)) return port
    }
  }
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
