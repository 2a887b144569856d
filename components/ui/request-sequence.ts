/**
 * Numbers the requests of one list, so that only the latest one started shows its answer: an earlier answer that
 * arrives late (a slow search overtaken by the next keystroke) is dropped rather than shown under the newer query.
 */
export function requestSequence() {
  let last = 0
  return {
    /** A new request: its check, true as long as no later request started (and no cancel came). */
    start(): () => boolean {
      const mine = ++last
      return () => mine === last
    },
    /** Drops every answer still on its way (the list was reset or closed). */
    cancel() {
      last++
    },
  }
}
