/**
 * The embedded default (`npm start` on a fresh machine) writes mail and SMS to files; the launcher sets OUTBOX_ECHO=1
 * so that its terminal also prints one line per message — the recipient, the subject or text, and the first link or
 * code — and a newcomer signs in as any demo account without opening a file. Never set with SMTP or Twilio.
 */
export function echoToTerminal(symbol: string, to: string, title: string, text: string): void {
  if (process.env.OUTBOX_ECHO !== '1') return
  const link = /https?:\/\/\S+/.exec(text)?.[0]
  const code = /\b\d{6}\b/.exec(text)?.[0]
  const extra = link ?? code
  console.log(
    `${symbol} ${to} · ${title.length > 90 ? `${title.slice(0, 89)}…` : title}${extra && !title.includes(extra) ? ` · ${extra}` : ''}`,
  )
}
