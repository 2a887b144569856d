import { afterEach, describe, expect, it } from 'vitest'
import { behindPgBouncer, forTransactionPooling, localTimeouts } from './pgbouncer'

const settings = localTimeouts({ statementMs: 15_000, lockMs: 5_000, idleInTransactionMs: 30_000 })

describe('forTransactionPooling', () => {
  it('gives the SET LOCALs to the message that opens a transaction, as text or as Drizzle’s query config', () => {
    expect(settings).toBe(
      'set local statement_timeout = 15000; set local lock_timeout = 5000; set local idle_in_transaction_session_timeout = 30000',
    )
    expect(forTransactionPooling('BEGIN', undefined, settings)).toBe(`BEGIN; ${settings}`)
    expect(forTransactionPooling({ text: 'begin', types: 'kept' }, [], settings)).toEqual({
      text: `begin; ${settings}`,
      types: 'kept',
    })
    expect(forTransactionPooling({ text: 'begin isolation level serializable;' }, [], settings)).toEqual({
      text: `begin isolation level serializable; ${settings}`,
    })
    expect(forTransactionPooling('start transaction read only', undefined, settings)).toBe(
      `start transaction read only; ${settings}`,
    )
  })

  it('drops the statement name, and leaves every other query as it is', () => {
    const named = { name: 'passerelle_session_by_token', text: 'select $1', rowMode: 'array' }
    expect(forTransactionPooling(named, ['x'], settings)).toEqual({
      name: undefined,
      text: 'select $1',
      rowMode: 'array',
    })
    // The caller's object is not changed: Drizzle keeps it for the next execution.
    expect(named.name).toBe('passerelle_session_by_token')
    for (const text of ['select 1', 'BEGIN; select 1; COMMIT', 'beginning', 'commit', 'savepoint begin'])
      expect(forTransactionPooling(text, undefined, settings)).toBe(text)
    // A begin with parameters would go through the extended protocol, one statement only: left alone.
    expect(forTransactionPooling({ text: 'begin' }, [1], settings)).toEqual({ text: 'begin' })
    const submittable = { submit: () => {}, text: 'begin', name: 'cursor' }
    expect(forTransactionPooling(submittable, undefined, settings)).toBe(submittable)
  })
})

describe('behindPgBouncer', () => {
  const saved = process.env.DATABASE_PGBOUNCER
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_PGBOUNCER
    else process.env.DATABASE_PGBOUNCER = saved
  })

  it('is on for 1 or true only', () => {
    for (const [value, on] of [
      ['1', true],
      ['true', true],
      [' TRUE ', true],
      ['0', false],
      ['', false],
      ['yes', false],
    ] as const) {
      process.env.DATABASE_PGBOUNCER = value
      expect(behindPgBouncer()).toBe(on)
    }
    delete process.env.DATABASE_PGBOUNCER
    expect(behindPgBouncer()).toBe(false)
  })
})
