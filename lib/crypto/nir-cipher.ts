import crypto from 'node:crypto'

/**
 * The NIR at rest: AES-256-GCM under NIR_ENCRYPTION_KEY, and a keyed blind index (HMAC-SHA256 of the normalised NIR)
 * for the duplicate checks, so that neither a dump nor a backup holds a NIR, nor anything a NIR can be tested against
 * without the key.
 *
 * The key is 32 random bytes, written in base64 (`openssl rand -base64 32`; base64url is read too) or in 64 hex
 * digits. Three keys are derived from it with HKDF under distinct labels: the cipher's, the blind index's, and a short
 * public id written in each ciphertext so that a rotation tells old values from new ones.
 *
 * The blind index is derived from the same secret and recomputed by the rotation: a leaked key must not leave
 * brute-forceable indexes behind (the NIR's space is small enough to enumerate against an HMAC whose key is known).
 * While a rotation runs, NIR_ENCRYPTION_KEY_PREVIOUS holds the old key: values are read under either, and a duplicate
 * check compares against the indexes of both.
 */

export const NIR_KEY_MISSING_MESSAGE =
  'Le numéro de sécurité sociale ne peut pas être enregistré\u00a0: la clé de chiffrement des NIR (NIR_ENCRYPTION_KEY) n’est pas configurée sur ce serveur.'

export class NirKeyError extends Error {
  override name = 'NirKeyError'
}

export type NirKey = { id: string; cipher: Buffer; blindIndex: Buffer }
export type NirKeyring = { current: NirKey; previous: NirKey | null }

const VERSION = 'v1'
const SALT = 'passerelle-nir'

/** The 32 bytes of a key as written in the environment or in DATA_DIR/nir-key, or a French error naming the variable. */
export function parseNirKey(value: string, name = 'NIR_ENCRYPTION_KEY'): Buffer {
  const text = value.trim()
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(text)
      ? Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null
  if (!bytes || bytes.length !== 32)
    throw new NirKeyError(
      `${name} doit contenir 32 octets aléatoires, écrits en base64 (openssl rand -base64 32) ou en 64 chiffres hexadécimaux.`,
    )
  return bytes
}

export function deriveNirKey(secret: Buffer): NirKey {
  const derive = (label: string, length: number) => Buffer.from(crypto.hkdfSync('sha256', secret, SALT, label, length))
  return {
    id: derive('nir-key-id-v1', 6).toString('base64url'),
    cipher: derive('nir-cipher-v1', 32),
    blindIndex: derive('nir-blind-index-v1', 32),
  }
}

type NirEnv = Record<string, string | undefined>

let cached: { current: string; previous: string; ring: NirKeyring } | null = null

/** The keys of this process's environment, or null when NIR_ENCRYPTION_KEY is not set. */
export function nirKeyringOrNull(env: NirEnv = process.env): NirKeyring | null {
  const current = env.NIR_ENCRYPTION_KEY?.trim() ?? ''
  const previous = env.NIR_ENCRYPTION_KEY_PREVIOUS?.trim() ?? ''
  if (!current) return null
  if (cached && cached.current === current && cached.previous === previous) return cached.ring
  const ring: NirKeyring = {
    current: deriveNirKey(parseNirKey(current)),
    previous: previous ? deriveNirKey(parseNirKey(previous, 'NIR_ENCRYPTION_KEY_PREVIOUS')) : null,
  }
  if (ring.previous?.id === ring.current.id) ring.previous = null
  cached = { current, previous, ring }
  return ring
}

export function nirKeyring(env: NirEnv = process.env): NirKeyring {
  const ring = nirKeyringOrNull(env)
  if (!ring) throw new NirKeyError(NIR_KEY_MISSING_MESSAGE)
  return ring
}

/** `v1:<key id>:<iv>:<tag>:<ciphertext>`, base64url; the header is authenticated with the NIR. */
export function encryptNir(normalised: string, key: NirKey = nirKeyring().current): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key.cipher, iv)
  cipher.setAAD(Buffer.from(`${VERSION}:${key.id}`))
  const body = Buffer.concat([cipher.update(normalised, 'utf8'), cipher.final()])
  return [
    VERSION,
    key.id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join(':')
}

/** The id of the key a stored value was encrypted under (what a rotation looks at). */
export function nirKeyIdOf(stored: string): string | null {
  const [version, keyId] = stored.split(':')
  return version === VERSION && keyId ? keyId : null
}

/** The NIR of a stored value, under whichever of the ring's keys it names; a tampered value fails its GCM tag. */
export function decryptNir(stored: string, ring: NirKeyring = nirKeyring()): string {
  const [version, keyId, iv, tag, body, ...rest] = stored.split(':')
  if (version !== VERSION || !keyId || !iv || !tag || body === undefined || rest.length > 0)
    throw new NirKeyError('Valeur chiffrée de NIR illisible.')
  const key = [ring.current, ring.previous].find((k) => k?.id === keyId)
  if (!key)
    throw new NirKeyError(
      'Ce NIR est chiffré sous une clé qui n’est plus configurée (NIR_ENCRYPTION_KEY_PREVIOUS manquante pendant une rotation\u00a0?).',
    )
  const decipher = crypto.createDecipheriv('aes-256-gcm', key.cipher, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(`${VERSION}:${keyId}`))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new NirKeyError('Valeur chiffrée de NIR altérée ou chiffrée sous une autre clé.')
  }
}

/** HMAC-SHA256 of the normalised NIR under the key's blind-index key, base64url: equal NIRs, equal indexes. */
export function nirBlindIndex(normalised: string, key: NirKey = nirKeyring().current): string {
  return crypto.createHmac('sha256', key.blindIndex).update(normalised, 'utf8').digest('base64url')
}

/** The indexes a stored NIR may have while a rotation runs: under the current key, then the previous one. */
export function nirBlindIndexes(normalised: string, ring: NirKeyring = nirKeyring()): string[] {
  return [ring.current, ring.previous].filter((k): k is NirKey => k !== null).map((k) => nirBlindIndex(normalised, k))
}
