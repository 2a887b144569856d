/**
 * An SMTP server on loopback for the mail chaos test: it answers each message after a random delay, refuses some at
 * random (451, for now; 550, for good), and counts what it was handed, per mail (its Message-ID, our id) and per
 * attempt (the X-Passerelle-Attempt header, lib/mail/mailer.ts).
 */
import { SMTPServer } from 'smtp-server'

export type SmtpRequest = { mailId: string | null; attemptId: string | null; accepted: boolean; code: number }

export async function startSmtpChaosSink(chaos: { latencyMs: [number, number]; p451: number; p550: number }) {
  const requests: SmtpRequest[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const head =
          Buffer.concat(chunks)
            .toString()
            .split(/\r?\n\r?\n/)[0] ?? ''
        const mailId = /^Message-ID: <([^@>]+)@/im.exec(head)?.[1] ?? null
        const attemptId = /^X-Passerelle-Attempt: (\S+)/im.exec(head)?.[1] ?? null
        const draw = Math.random()
        const code = draw < chaos.p451 ? 451 : draw < chaos.p451 + chaos.p550 ? 550 : 250
        setTimeout(
          () => {
            requests.push({ mailId, attemptId, accepted: code === 250, code })
            if (code === 250) callback()
            else
              callback(
                Object.assign(new Error(code === 451 ? 'Try again later' : 'Mailbox unavailable'), {
                  responseCode: code,
                }),
              )
          },
          chaos.latencyMs[0] + Math.random() * (chaos.latencyMs[1] - chaos.latencyMs[0]),
        )
      })
    },
  })
  // A worker killed in the middle of an exchange resets its connection: expected here.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return { requests, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}
