import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withListenHost } from './listen-host.mjs'

describe('npm start listens on this machine only, unless told otherwise', () => {
  it('next start gets -H 127.0.0.1 by default, HOST when set, and a -H given by the caller as it is', () => {
    expect(withListenHost(['-p', '3000'], {})).toEqual(['-p', '3000', '-H', '127.0.0.1'])
    expect(withListenHost(['-p', '3000'], { HOST: '' })).toEqual(['-p', '3000', '-H', '127.0.0.1'])
    expect(withListenHost(['-p', '3000'], { HOST: '0.0.0.0' })).toEqual(['-p', '3000', '-H', '0.0.0.0'])
    expect(withListenHost(['-p', '3210', '-H', 'localhost'], { HOST: '0.0.0.0' })).toEqual([
      '-p',
      '3210',
      '-H',
      'localhost',
    ])
    expect(withListenHost(['--hostname=::1'], {})).toEqual(['--hostname=::1'])
  })

  it('scripts/serve.mjs passes next start its arguments through withListenHost', () => {
    const serve = fs.readFileSync(path.join(process.cwd(), 'scripts', 'serve.mjs'), 'utf8')
    expect(serve).toMatch(/'next', 'start', \.\.\.withListenHost\(process\.argv\.slice\(2\), process\.env\)/)
  })

  it('docker-compose.yml publishes PostgreSQL on 127.0.0.1 only, with a password the environment must give', () => {
    const compose = fs.readFileSync(path.join(process.cwd(), 'docker-compose.yml'), 'utf8')
    const ports = [...compose.matchAll(/^\s*-\s*['"]?([^'"\n]*:5432)['"]?\s*$/gm)].map((m) => m[1])
    expect(ports).toEqual(['127.0.0.1:5432:5432'])
    expect(compose).toMatch(/POSTGRES_PASSWORD: '\$\{POSTGRES_PASSWORD:\?[^}]+\}'/)
    expect(compose).not.toMatch(/POSTGRES_PASSWORD: postgres\b/)
  })
})
