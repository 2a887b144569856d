import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { freeLoopbackPort, outgoingPortRange } from './free-port'

describe('freeLoopbackPort', () => {
  it('draws ports below the range of outgoing connections, that a server can then bind', async () => {
    const [low] = outgoingPortRange()
    for (let i = 0; i < 5; i++) {
      const port = await freeLoopbackPort()
      expect(port).toBeGreaterThanOrEqual(20000)
      expect(port).toBeLessThan(low)
      const server = net.createServer()
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', resolve)
      })
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('reads the kernel’s range, and falls back to Linux’s default when the file is missing or odd', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'port-range-'))
    const file = path.join(dir, 'range')
    fs.writeFileSync(file, '40000\t50000\n')
    expect(outgoingPortRange(file)).toEqual([40000, 50000])
    fs.writeFileSync(file, 'nonsense')
    expect(outgoingPortRange(file)).toEqual([32768, 60999])
    expect(outgoingPortRange(path.join(dir, 'missing'))).toEqual([32768, 60999])
    fs.rmSync(dir, { recursive: true })
  })
})
