import { encryptNir, nirBlindIndex, nirKeyring } from '@/lib/crypto/nir-cipher'

export type NirColumns = { nirEncrypted: string | null; nirBlindIndex: string | null; nirPrefix: string | null }

/**
 * What a candidate row stores of a normalised NIR (or of none): the ciphertext, the blind index the duplicate checks
 * compare, and the five characters the sheet shows masked. Throws NirKeyError when the server has no NIR key.
 */
export function nirColumns(normalised: string | null): NirColumns {
  if (!normalised) return { nirEncrypted: null, nirBlindIndex: null, nirPrefix: null }
  const { current } = nirKeyring()
  return {
    nirEncrypted: encryptNir(normalised, current),
    nirBlindIndex: nirBlindIndex(normalised, current),
    nirPrefix: normalised.slice(0, 5),
  }
}
