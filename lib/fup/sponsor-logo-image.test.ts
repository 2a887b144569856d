import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

/** public/logos of a throwaway folder: the module reads its files from the working directory's public/logos. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-logos-'))
const logos = path.join(root, 'public', 'logos')

async function freshModule() {
  vi.resetModules()
  vi.spyOn(process, 'cwd').mockReturnValue(root)
  return import('./sponsor-logo-image')
}

describe('the sponsors’ logos of the FUP PDF', () => {
  beforeAll(() => fs.mkdirSync(logos, { recursive: true }))
  afterAll(() => {
    vi.restoreAllMocks()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('keeps nothing between two sheets: a name tried is not remembered, and a file replaced is read anew', async () => {
    const { loadSponsorLogo } = await freshModule()
    expect(await loadSponsorLogo('/logos/absent.svg')).toBeNull()
    fs.writeFileSync(path.join(logos, 'absent.svg'), '<svg id="now-here"/>')
    expect(await loadSponsorLogo('/logos/absent.svg')).toEqual({ kind: 'svg', svg: '<svg id="now-here"/>' })
    fs.writeFileSync(path.join(logos, 'absent.svg'), '<svg id="replaced"/>')
    expect(await loadSponsorLogo('/logos/absent.svg')).toEqual({ kind: 'svg', svg: '<svg id="replaced"/>' })
  })

  it('draws only the files of public/logos, by a plain name', async () => {
    const { loadSponsorLogo } = await freshModule()
    fs.writeFileSync(path.join(logos, 'fse.png'), Buffer.from([0x89, 0x50]))
    expect(await loadSponsorLogo('/logos/FSE.PNG')).toEqual({ kind: 'raster', data: Buffer.from([0x89, 0x50]) })
    for (const uri of ['/logos/../secret.svg', 'https://example.test/logo.svg', '/logos/a b.svg', undefined])
      expect(await loadSponsorLogo(uri)).toBeNull()
  })
})
