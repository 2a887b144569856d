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

const loaded = new Map<string, Promise<LogoImage | null>>()

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

/** The logo at `uri`, or null when it is not one of public/logos (the files are read once per process). */
export function loadSponsorLogo(uri: string | undefined): Promise<LogoImage | null> {
  const match = uri ? LOGO_URI.exec(uri) : null
  if (!match) return Promise.resolve(null)
  const key = `${match[1]!.toLowerCase()}.${match[2]!.toLowerCase()}`
  let image = loaded.get(key)
  if (!image) {
    image = read(path.join(LOGO_DIR, key), match[2]!)
    loaded.set(key, image)
  }
  return image
}
