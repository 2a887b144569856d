import zlib from 'node:zlib'

/** An XLSX has a few dozen entries; a few hundred with pictures. More is not a spreadsheet worth reading. */
export const XLSX_MAX_ENTRIES = 1000
/**
 * The most its entries may inflate to, all together: 20 000 rows of 50 cells take about a third of it. Counted twice:
 * from the sizes the zip's directory declares, before anything is inflated, then from the bytes inflated, since a
 * crafted zip may declare less than it holds.
 */
export const XLSX_MAX_INFLATED_BYTES = 64 * 1024 * 1024

export type XlsxEntries = { ok: true; zip: Buffer } | { ok: false; reason: 'tooLarge' | 'unreadable' }

const EMPTY_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'
const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'

type DirectoryEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number }

/**
 * The entries an import reads of an XLSX — the workbook's relations and sheet list, its shared strings and styles, and
 * its first worksheet — inflated within the limits above, then written again as a zip of stored entries in the order
 * ExcelJS's stream reader needs: relations, workbook, shared strings and styles before the worksheet. ExcelJS writes a
 * worksheet it meets before those to a temporary file, and does not remove it when reading stops early (an import
 * reads the first sheet only); in this order, and with an empty shared strings entry when the file has none, it never
 * writes one. Nothing else of the file is inflated.
 */
export function xlsxEntries(bytes: Uint8Array): XlsxEntries {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const directory = readDirectory(buffer)
  if (!directory.ok) return directory
  const { entries } = directory
  if (entries.length > XLSX_MAX_ENTRIES) return { ok: false, reason: 'tooLarge' }
  if (entries.reduce((sum, e) => sum + e.size, 0) > XLSX_MAX_INFLATED_BYTES) return { ok: false, reason: 'tooLarge' }

  const byName = new Map(entries.map((e) => [e.name, e]))
  const firstSheet = entries
    .map((e) => ({ entry: e, number: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(e.name)?.[1] }))
    .filter((s): s is { entry: DirectoryEntry; number: string } => s.number !== undefined)
    .sort((a, b) => Number(a.number) - Number(b.number))[0]
  if (!firstSheet) return { ok: false, reason: 'unreadable' }

  let budget = XLSX_MAX_INFLATED_BYTES
  const wanted: { name: string; data: Buffer }[] = []
  const take = (name: string, fallback?: string): 'ok' | 'tooLarge' | 'unreadable' => {
    const entry = byName.get(name)
    if (!entry) {
      if (fallback !== undefined) wanted.push({ name, data: Buffer.from(fallback) })
      return 'ok'
    }
    const data = inflate(buffer, entry, budget)
    if (typeof data === 'string') return data
    budget -= data.length
    // ExcelJS reads empty relations as none at all, and then writes the worksheet to a temporary file.
    wanted.push({ name, data: fallback !== undefined && !data.toString('utf8').trim() ? Buffer.from(fallback) : data })
    return 'ok'
  }
  for (const [name, fallback] of [
    ['xl/_rels/workbook.xml.rels', EMPTY_RELS],
    ['xl/workbook.xml', undefined],
    ['xl/sharedStrings.xml', EMPTY_SHARED_STRINGS],
    ['xl/styles.xml', undefined],
    [firstSheet.entry.name, undefined],
  ] as const) {
    const taken = take(name, fallback)
    if (taken !== 'ok') return { ok: false, reason: taken }
  }
  return { ok: true, zip: storedZip(wanted) }
}

function readDirectory(buffer: Buffer): { ok: true; entries: DirectoryEntry[] } | { ok: false; reason: 'unreadable' } {
  const unreadable = { ok: false as const, reason: 'unreadable' as const }
  // The end record is the last 22 bytes, or fewer than 64 KiB earlier when the zip has a comment.
  let end = -1
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 0xffff); at--)
    if (buffer.readUInt32LE(at) === 0x06054b50) {
      end = at
      break
    }
  if (end < 0) return unreadable
  const count = buffer.readUInt16LE(end + 10)
  const directorySize = buffer.readUInt32LE(end + 12)
  const directoryOffset = buffer.readUInt32LE(end + 16)
  // ZIP64 (the 0xFFFF and 0xFFFFFFFF markers) is for archives far larger than an upload may be.
  if (count === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directorySize > end) return unreadable
  const entries: DirectoryEntry[] = []
  let at = directoryOffset
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || buffer.readUInt32LE(at) !== 0x02014b50) return unreadable
    const flags = buffer.readUInt16LE(at + 8)
    const nameLength = buffer.readUInt16LE(at + 28)
    const entry = {
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      size: buffer.readUInt32LE(at + 24),
      localOffset: buffer.readUInt32LE(at + 42),
    }
    // An encrypted entry (bit 0) is not a spreadsheet an import can read.
    if (flags & 1) return unreadable
    entries.push(entry)
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32)
    // Stop counting at the limit: the caller refuses, and a directory of millions is not walked.
    if (entries.length > XLSX_MAX_ENTRIES) break
  }
  return { ok: true, entries }
}

/** An entry's bytes, inflated to at most `budget` bytes. */
function inflate(buffer: Buffer, entry: DirectoryEntry, budget: number): Buffer | 'tooLarge' | 'unreadable' {
  const local = entry.localOffset
  if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) return 'unreadable'
  const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28)
  if (start + entry.compressedSize > buffer.length) return 'unreadable'
  const raw = buffer.subarray(start, start + entry.compressedSize)
  if (entry.method === 0) return raw.length > budget ? 'tooLarge' : Buffer.from(raw)
  if (entry.method !== 8) return 'unreadable'
  try {
    // One byte more than the budget: reaching it proves the entry is too large, whatever the directory said.
    const data = zlib.inflateRawSync(raw, { maxOutputLength: budget + 1 })
    return data.length > budget ? 'tooLarge' : data
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError
      ? 'tooLarge'
      : 'unreadable'
  }
}

/** A zip of stored entries: local headers and data, then the directory, as any reader expects. */
function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8')
    const crc = zlib.crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // names in UTF-8
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    parts.push(local, nameBytes, data)
    directory.push(central, nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const directoryBytes = Buffer.concat(directory)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directoryBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, directoryBytes, end])
}
