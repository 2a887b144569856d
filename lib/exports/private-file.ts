import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The mode of an export's working file: its owner reads and writes it, nobody else on the machine. */
export const PRIVATE_FILE_MODE = 0o600

/**
 * Runs `work` with the path of a file `name` inside a folder of its own in the system's temporary folder, made by
 * mkdtemp (mode 700, a name nobody can guess or claim first). The folder and everything in it go afterwards, whether
 * the work succeeded, failed or stopped: personal data never stays in the shared temporary folder.
 */
export async function withPrivateFile<T>(name: string, work: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'passerelle-export-'))
  try {
    return await work(path.join(dir, name))
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true })
  }
}

/** A new file at `file` (never an existing one, nor through a link), mode 600. */
export function createPrivateStream(file: string): fs.WriteStream {
  return fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE })
}
