import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parseNirKey } from './nir-cipher'

/**
 * The secrets `npm start` and `npm run admin` read when the environment does not give them, kept under DATA_DIR
 * (./.data by default), each generated once with mode 600:
 * - `auth-secret`: BETTER_AUTH_SECRET (sessions, sealed queued mail);
 * - `nir-key` (embedded database only): NIR_ENCRYPTION_KEY, and `nir-key.previous` while a rotation of it is under way
 *   (NIR_ENCRYPTION_KEY_PREVIOUS). With DATABASE_URL the NIR key comes from the environment alone: a key generated on
 *   one server's disk would leave the others unable to read what it wrote.
 * A setting the environment gives always wins. Failures are French sentences (LocalSecretError, NirKeyError).
 */

export class LocalSecretError extends Error {
  override name = 'LocalSecretError'
}

const AUTH_SECRET = 'auth-secret'
const NIR_KEY = 'nir-key'
const NIR_KEY_PREVIOUS = 'nir-key.previous'

const newAuthSecret = () => crypto.randomBytes(32).toString('base64url')
const newNirKey = () => crypto.randomBytes(32).toString('base64')

export function provideLocalSecrets(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  { embedded }: { embedded: boolean },
): void {
  env.BETTER_AUTH_SECRET ||= loadOrGenerate(path.join(dataDir, AUTH_SECRET), newAuthSecret)
  if (embedded && !env.NIR_ENCRYPTION_KEY) {
    env.NIR_ENCRYPTION_KEY = loadOrGenerate(path.join(dataDir, NIR_KEY), newNirKey)
    const previous = env.NIR_ENCRYPTION_KEY_PREVIOUS || readIfExists(path.join(dataDir, NIR_KEY_PREVIOUS))
    if (previous) env.NIR_ENCRYPTION_KEY_PREVIOUS = previous
  }
  // A malformed key stops the start with a sentence that names it, not the first NIR someone types.
  if (env.NIR_ENCRYPTION_KEY) parseNirKey(env.NIR_ENCRYPTION_KEY)
  if (env.NIR_ENCRYPTION_KEY_PREVIOUS) parseNirKey(env.NIR_ENCRYPTION_KEY_PREVIOUS, 'NIR_ENCRYPTION_KEY_PREVIOUS')
}

/**
 * The embedded default's rotation: the current key becomes `nir-key.previous` and a new `nir-key` is generated, unless
 * a rotation is already under way (an interrupted run resumes with the same two keys). Each step is a rename or an
 * exclusive create, so that a crash between them loses no key.
 */
export function beginLocalNirKeyRotation(dataDir: string): { resumed: boolean } {
  const current = path.join(dataDir, NIR_KEY)
  const previous = path.join(dataDir, NIR_KEY_PREVIOUS)
  try {
    if (fs.existsSync(previous)) {
      loadOrGenerate(current, newNirKey)
      return { resumed: true }
    }
    if (fs.existsSync(current)) fs.renameSync(current, previous)
    loadOrGenerate(current, newNirKey)
    return { resumed: false }
  } catch (error) {
    if (error instanceof LocalSecretError) throw error
    throw new LocalSecretError(
      `Impossible de préparer la nouvelle clé des NIR dans ${dataDir}\u00a0: ${codeOf(error)}.`,
    )
  }
}

/** Once every NIR is under the new key, the old one goes: nothing it encrypted is left. */
export function endLocalNirKeyRotation(dataDir: string): void {
  fs.rmSync(path.join(dataDir, NIR_KEY_PREVIOUS), { force: true })
}

function loadOrGenerate(file: string, generate: () => string): string {
  try {
    // The folder keeps its default mode: as root, the embedded PostgreSQL's own user must traverse it.
    fs.mkdirSync(path.dirname(file), { recursive: true })
    try {
      // 'wx': a second process starting at the same time keeps the first one's secret instead of replacing it.
      fs.writeFileSync(file, generate(), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const value = fs.readFileSync(file, 'utf8').trim()
    if (!value) throw new LocalSecretError(`Le fichier ${file} est vide\u00a0: supprimez-le ou restaurez-le.`)
    return value
  } catch (error) {
    if (error instanceof LocalSecretError) throw error
    throw new LocalSecretError(`Impossible de lire ou de créer ${file}\u00a0: ${codeOf(error)}.`)
  }
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new LocalSecretError(`Impossible de lire ${file}\u00a0: ${codeOf(error)}.`)
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))
}
