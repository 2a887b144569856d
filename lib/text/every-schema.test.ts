import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Every schema's strings go through lib/text/safe-text.ts: a bare z.string() would let a NUL byte reach
 * PostgreSQL (a 500 rather than a French message). This reads every source file rather than trusting a list.
 */
describe('the text primitive is the only string schema', () => {
  it('no z.string() outside lib/text/safe-text.ts', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', 'lib', 'app', 'components'],
      { encoding: 'utf8' },
    )
      .split('\n')
      .filter(
        (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== 'lib/text/safe-text.ts' && fs.existsSync(f),
      )
    expect(files.length).toBeGreaterThan(100)
    const offenders = files.filter((f) => /\bz\s*\.\s*string\s*\(/.test(fs.readFileSync(f, 'utf8')))
    expect(offenders).toEqual([])
  })
})
