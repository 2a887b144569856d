import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDataFolder, EmbeddedStartError } from './embedded'

// The read-only and full disks themselves are tried by `npm run resilience` (a tmpfs mounted as root).
describe('checkDataFolder', () => {
  const made: string[] = []
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-data-'))
    made.push(dir)
    return dir
  }

  it('creates a missing folder and leaves no probe behind', () => {
    const dir = path.join(tmp(), 'data', 'postgres')
    checkDataFolder(dir, 1)
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('refuses a disk with less room than the database needs, in French, without touching the folder', () => {
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17')
    let error: unknown
    try {
      checkDataFolder(dir, Number.MAX_SAFE_INTEGER)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(EmbeddedStartError)
    expect((error as EmbeddedStartError).reason).toBe('full')
    expect((error as Error).message).toContain(
      'Passerelle ne peut pas démarrer\u00a0: le disque du dossier de la base embarquée',
    )
    expect((error as Error).message).toContain('Libérez de la place')
    expect(fs.readdirSync(dir)).toEqual(['PG_VERSION'])
  })
})
