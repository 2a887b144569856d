import { logError } from '@/lib/log'
import { IMPORT_MESSAGES } from './messages'

/** One JSON object per line: the import's steps as they happen, then its result (or a French error). */
export type ImportEvent =
  | { type: 'step'; step: string; done: number; total: number }
  | { type: 'result'; [key: string]: unknown }
  | { type: 'error'; error: string }

/**
 * A streamed response (application/x-ndjson) whose events the screen reads as they arrive, for a real progress bar.
 * Anything unexpected is logged without personal data and the person gets the generic French message. A closed
 * connection does not stop the work: a confirmed import completes (or rolls back) whether the tab is still open or not.
 */
export function importEventStream(
  logContext: string,
  work: (send: (event: ImportEvent) => void) => Promise<void>,
): Response {
  const encoder = new TextEncoder()
  let open = true
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: ImportEvent) => {
        if (!open) return
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`))
        } catch {
          open = false
        }
      }
      try {
        await work(send)
      } catch (error) {
        logError(logContext, error)
        send({ type: 'error', error: IMPORT_MESSAGES.failed })
      }
      if (open) {
        open = false
        controller.close()
      }
    },
    cancel() {
      open = false
    },
  })
  return new Response(stream, {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  })
}
