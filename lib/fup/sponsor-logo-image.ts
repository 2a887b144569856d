import fs from 'node:fs/promises'
import path from 'node:path'

/** A sponsor's logo, ready for the PDF: an SVG's text (drawn as vectors) or a PNG/JPEG's bytes (drawn by pdfkit). */
export type LogoImage = { kind: 'svg'; svg: string } | { kind: 'raster'; data: Buffer }

/**
 * Only Passerelle's own logo files are drawn: '/logos/<name>.svg|png|jpg' in public/logos. A name is letters, digits
 * and dashes, so no path leaves that folder; the answer's sponsorsLogo comes from the browser. Another address (an
 * https:// logo of a FUP model) is never fetched by the server: its label is printed instead.
 */
const LOGO_URI = /^\/logos\/([a-z0-9][a-z0-9-]{0,63})\.(svg|png|jpe?g)$/i
const LOGO_DIR = path.join(process.cwd(), 'public', 'logos')
/** Logos of more than this are refused: a sheet is a few hundred kilobytes at most. */
const MAX_BYTES = 512 * 1024

async function read(file: string, ext: string): Promise<LogoImage | null> {
  try {
    const stat = await fs.stat(file)
    if (!stat.isFile() || stat.size > MAX_BYTES) return null
    const data = await fs.readFile(file)
    return ext.toLowerCase() === 'svg' ? { kind: 'svg', svg: data.toString('utf8') } : { kind: 'raster', data }
  } catch {
    return null
  }
}

/**
 * The logo at `uri`, or null when it is not one of public/logos. Read from disk each time, with no cache: the names come
 * from answers partners send, so a cache keyed on them would grow with every name tried, and reading a few small files
 * is a small part of drawing the sheet.
 */
export function loadSponsorLogo(uri: string | undefined): Promise<LogoImage | null> {
  const match = uri ? LOGO_URI.exec(uri) : null
  if (!match) return Promise.resolve(null)
  return read(path.join(LOGO_DIR, `${match[1]!.toLowerCase()}.${match[2]!.toLowerCase()}`), match[2]!)
}
