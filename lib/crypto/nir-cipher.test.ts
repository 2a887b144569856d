import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  decryptNir,
  deriveNirKey,
  encryptNir,
  nirBlindIndex,
  nirBlindIndexes,
  NirKeyError,
  nirKeyIdOf,
  nirKeyring,
  nirKeyringOrNull,
  parseNirKey,
} from './nir-cipher'

const NIR = '255081416802538'
const OLD = crypto.randomBytes(32)
const NEW = crypto.randomBytes(32)
const ring = { current: deriveNirKey(NEW), previous: deriveNirKey(OLD) }
const oldOnly = { current: deriveNirKey(OLD), previous: null }
const newOnly = { current: deriveNirKey(NEW), previous: null }

/** The parts of `v1:<key id>:<iv>:<tag>:<ciphertext>`, to tamper with one. */
const parts = (stored: string) => stored.split(':')

describe('the NIR cipher', () => {
  it('encrypts to a versioned value naming its key, with a fresh IV each time, and decrypts it back', () => {
    const a = encryptNir(NIR, newOnly.current)
    const b = encryptNir(NIR, newOnly.current)
    expect(a).toMatch(/^v1:[\w-]{8}:[\w-]{16}:[\w-]{22}:[\w-]+$/)
    expect(a).not.toContain(NIR)
    expect(a).not.toBe(b)
    expect(nirKeyIdOf(a)).toBe(newOnly.current.id)
    expect(decryptNir(a, newOnly)).toBe(NIR)
    expect(decryptNir(b, newOnly)).toBe(NIR)
  })

  it('reads a value under the previous key while a rotation runs, and refuses it once that key is gone', () => {
    const old = encryptNir(NIR, oldOnly.current)
    expect(decryptNir(old, ring)).toBe(NIR)
    expect(() => decryptNir(old, newOnly)).toThrow(NirKeyError)
  })

  it('refuses a tampered value: ciphertext, tag, IV, or a key id swapped for another key’s', () => {
    const stored = encryptNir(NIR, newOnly.current)
    const [v, id, iv, tag, body] = parts(stored)
    const flip = (s: string) => {
      const bytes = Buffer.from(s, 'base64url')
      bytes[0]! ^= 1
      return bytes.toString('base64url')
    }
    for (const tampered of [
      [v, id, iv, tag, flip(body!)],
      [v, id, iv, flip(tag!), body],
      [v, id, flip(iv!), tag, body],
      // The header is authenticated: relabelling a value with the other key's id fails its tag too.
      [v, ring.previous.id, iv, tag, body],
    ])
      expect(() => decryptNir(tampered.join(':'), ring)).toThrow(NirKeyError)
    expect(() => decryptNir('v2:x:y:z:w', ring)).toThrow(NirKeyError)
    expect(() => decryptNir(NIR, ring)).toThrow(NirKeyError)
  })

  it('gives a blind index that is keyed, stable for a NIR and different for another, and never the NIR', () => {
    const index = nirBlindIndex(NIR, newOnly.current)
    expect(index).toMatch(/^[\w-]{43}$/)
    expect(nirBlindIndex(NIR, newOnly.current)).toBe(index)
    expect(nirBlindIndex('255081416802539', newOnly.current)).not.toBe(index)
    expect(nirBlindIndex(NIR, oldOnly.current)).not.toBe(index)
    // Not a plain hash of the NIR: without the key, it cannot be recomputed from a guess.
    expect(index).not.toBe(crypto.createHash('sha256').update(NIR).digest('base64url'))
    expect(nirBlindIndexes(NIR, ring)).toEqual([index, nirBlindIndex(NIR, oldOnly.current)])
    expect(nirBlindIndexes(NIR, newOnly)).toEqual([index])
  })

  it('derives distinct keys for the cipher and the index, and reads a key written in base64, base64url or hex', () => {
    const key = deriveNirKey(NEW)
    expect(key.cipher.equals(key.blindIndex)).toBe(false)
    expect(key.cipher.equals(NEW)).toBe(false)
    expect(parseNirKey(NEW.toString('base64')).equals(NEW)).toBe(true)
    expect(parseNirKey(NEW.toString('base64url')).equals(NEW)).toBe(true)
    expect(parseNirKey(NEW.toString('hex')).equals(NEW)).toBe(true)
    expect(() => parseNirKey('trop-court')).toThrow(/NIR_ENCRYPTION_KEY doit contenir 32 octets/)
    expect(() => parseNirKey(crypto.randomBytes(16).toString('base64'), 'NIR_ENCRYPTION_KEY_PREVIOUS')).toThrow(
      /NIR_ENCRYPTION_KEY_PREVIOUS/,
    )
  })

  it('reads its keys from the environment, and says so in French when there is none', () => {
    expect(nirKeyringOrNull({})).toBeNull()
    expect(() => nirKeyring({})).toThrow(/NIR_ENCRYPTION_KEY/)
    const env = { NIR_ENCRYPTION_KEY: NEW.toString('base64'), NIR_ENCRYPTION_KEY_PREVIOUS: OLD.toString('hex') }
    expect(nirKeyring(env).current.id).toBe(ring.current.id)
    expect(nirKeyring(env).previous?.id).toBe(ring.previous.id)
    // The same key given twice is no rotation.
    expect(nirKeyring({ ...env, NIR_ENCRYPTION_KEY_PREVIOUS: NEW.toString('hex') }).previous).toBeNull()
  })
})
