import { headers } from 'next/headers'
import { changeFeed } from './change-feed'
import { keptUntilChanged } from './response-cache'

/**
 * A cache of this process under its change feed (lib/cache/response-cache.ts), made on first use: not when a page's
 * module loads, since the build loads them too and must not connect.
 *
 * A render that follows a server action in the same request (Next.js renders the page an action redirects to, or
 * refreshes, in the action's own response) reads nothing from it: the action's writes have committed, but their
 * notifications may still be on their way to this process. It computes afresh, and keeps nothing.
 */
export function processCache<T>(tables: readonly string[], options?: { max?: number; maxAgeMs?: number }) {
  let cache: ReturnType<typeof keptUntilChanged<T>> | undefined
  const get = () => (cache ??= keptUntilChanged<T>(changeFeed(), tables, options))
  return () => ({
    async read(key: string, compute: () => Promise<T>): Promise<T> {
      if ((await headers()).has('next-action')) return compute()
      return get().read(key, compute)
    },
  })
}
