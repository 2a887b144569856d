import { describe, expect, it } from 'vitest'
import { isUuid } from './ids'

describe('isUuid', () => {
  const id = '3fa85f64-5717-4562-b3fc-2c963f66afa6'
  it('accepts a uuid in either case', () => {
    expect([isUuid(id), isUuid(id.toUpperCase())]).toEqual([true, true])
  })
  it('refuses anything else, an array or an object holding one included', () => {
    expect([
      isUuid(`${id} `),
      isUuid(`${id}\n`),
      isUuid([id]),
      isUuid({ toString: () => id }),
      isUuid(null),
      isUuid(42),
    ]).toEqual([false, false, false, false, false, false])
  })
})
