/**
 * The text of a CSV file: UTF-8 (with or without a byte order mark) when the bytes are valid UTF-8, else
 * Windows-1252 (the superset of Latin-1 that French Excel writes), which accepts any byte.
 */
export function decodeCsvText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    // ignoreBOM: false (the default) drops a leading BOM; fatal: invalid UTF-8 throws instead of producing U+FFFD.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' }
  }
}
