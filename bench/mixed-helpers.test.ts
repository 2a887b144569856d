import { describe, expect, it } from 'vitest'
import { actionResult, encodeActionArgs, parseProcStat } from './mixed-helpers'

describe('encodeActionArgs', () => {
  it('sends plain values as a JSON array', () => {
    const args = ['a', { n: 1, ok: true, none: null }, [2]]
    expect(JSON.parse(encodeActionArgs(args))).toEqual(args)
  })

  it('escapes a string that starts with $, as React does', () => {
    expect(encodeActionArgs(['$1', { text: '$@2' }, 'a$b'])).toBe('["$$1",{"text":"$$@2"},"a$b"]')
  })
})

describe('actionResult', () => {
  it('reads the result a row 0 refers to', () => {
    const flight = '0:{"a":"$@1","f":"","b":"build"}\n1:{"ok":true,"applyId":"x"}\n'
    expect(actionResult(flight)).toEqual({ ok: true, applyId: 'x' })
  })

  it('reads a result held by row 0 itself, and skips rows that are not JSON', () => {
    expect(actionResult('2:HL["/a.css","style"]\n0:{"a":{"ok":false,"error":"non"},"b":"build"}\n3:T5,hello')).toEqual({
      ok: false,
      error: 'non',
    })
  })

  it('is undefined without a row 0', () => {
    expect(actionResult('<!DOCTYPE html><html></html>')).toBeUndefined()
  })
})

describe('parseProcStat', () => {
  it('reads the process group and user + system ticks', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const stat = '4242 (next-server (v16)) S 4200 4200 4200 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 11 0'
    expect(parseProcStat(stat)).toEqual({ pgrp: 4200, ticks: 1290 })
  })

  it('is null for a line that does not parse', () => {
    expect(parseProcStat('garbage')).toBeNull()
  })
})
