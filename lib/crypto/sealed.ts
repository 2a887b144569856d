import crypto from 'node:crypto'

/**
 * Secrets that must wait in the database (a queued mail's reset link or sign-in code) are sealed with AES-256-GCM
 * under a key derived from BETTER_AUTH_SECRET: a read of the table gives none of them away, as for the hashed tokens.
 */
function key(): Buffer {
  const secret = process.env.BETTER_AUTH_SECRET
  if (!secret) throw new Error('BETTER_AUTH_SECRET is not set: queued mail cannot be sealed.')
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'passerelle', 'queued-mail-v1', 32))
}

export function seal(plain: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  )
}

export function unseal(sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed value')
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
