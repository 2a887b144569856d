import { LocalSecretError } from '@/lib/crypto/local-secrets'
import { NirKeyError } from '@/lib/crypto/nir-cipher'
import { EmbeddedStartError } from '@/lib/db/embedded'

/**
 * A refusal or failure of `npm run admin` / `npm run migrate` said to the operator in one French sentence: the
 * command prints its message alone, never a stack, and exits with a non-zero code.
 */
export class OperatorError extends Error {
  override name = 'OperatorError'
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET'])

/**
 * The sentence for any error that reaches the command's end: the project's own French errors as they are, the usual
 * ways a database connection fails in words an operator can act on, anything else with its first line only (a stack
 * tells an operator nothing, and the details of a database error may hold the data it was about).
 */
export function operatorMessage(error: unknown): string {
  if (
    error instanceof OperatorError ||
    error instanceof EmbeddedStartError ||
    error instanceof LocalSecretError ||
    error instanceof NirKeyError
  )
    return error.message
  const code = (error as { code?: string } | null)?.code
  if (code && CONNECTION_CODES.has(code))
    return `Impossible de joindre le serveur PostgreSQL de DATABASE_URL (${code})\u00a0: vérifiez son adresse et qu’il est démarré. Rien n’a été modifié.`
  if (code === '28P01' || code === '28000')
    return 'Le serveur PostgreSQL a refusé la connexion\u00a0: vérifiez l’utilisateur et le mot de passe de DATABASE_URL. Rien n’a été modifié.'
  if (code === '3D000')
    return 'La base nommée dans DATABASE_URL n’existe pas sur ce serveur\u00a0: créez-la, ou corrigez DATABASE_URL. Rien n’a été modifié.'
  if (code === 'ERR_INVALID_URL' || (error instanceof TypeError && /invalid url/i.test(error.message)))
    return 'DATABASE_URL n’est pas une adresse PostgreSQL valide (forme attendue\u00a0: postgresql://utilisateur:mot-de-passe@serveur:5432/base).'
  if (code === '42501') return `L’utilisateur de DATABASE_URL n’a pas les droits nécessaires (${firstLine(error)}).`
  return `La commande a échoué\u00a0: ${firstLine(error)}.`
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return (text.split('\n')[0] ?? '').replace(/[.\s]+$/, '') || 'erreur inconnue'
}
