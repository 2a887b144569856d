/**
 * A real SMTP server on loopback (the `smtp-server` package) that the app sends its mail to during the e2e run
 * (SMTP_URL). Each message it receives is written, as received, into the run's outbox folder, where the specs
 * read it (fixtures.ts: sentMails).
 */
import fs from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

export function startSmtpSink(port: number, dir: string): Promise<SMTPServer> {
  fs.mkdirSync(dir, { recursive: true })
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received += 1
        fs.writeFileSync(
          path.join(dir, `${Date.now()}-${String(received).padStart(4, '0')}-smtp.eml`),
          Buffer.concat(chunks),
        )
        callback()
      })
    },
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}
