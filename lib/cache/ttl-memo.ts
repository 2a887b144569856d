/**
 * A value kept for a while in this process, per key: for figures that are costly to compute and slow to change (the
 * retention preview counts the organisation's inactive candidates through four anti-joins). Each process keeps its
 * own, at most `max` keys; a concurrent miss shares the one computation in flight; a failure is not kept.
 */
export function ttlMemo<T>(ttlMs: number, max = 500) {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return (key: string, compute: () => Promise<T>, now = performance.now()): Promise<T> => {
    const hit = entries.get(key)
    if (hit && now - hit.at < ttlMs) return hit.value
    if (entries.size >= max) entries.delete(entries.keys().next().value!)
    const value = compute()
    entries.set(key, { at: now, value })
    value.catch(() => entries.get(key)?.value === value && entries.delete(key))
    return value
  }
}
