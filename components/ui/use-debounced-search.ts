'use client'

import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@/lib/constants'

/**
 * The search boxes' rule (spec §5, §9): the text applies from 2 characters, or when emptied, 750 ms after the last
 * keystroke, and only when it differs from the one applied. `set` changes the box and the applied text without
 * searching (a reset, or a search brought back by the browser); `applied()` is the text last applied.
 */
export function useDebouncedSearch(initial: string, onSearch: (value: string) => void) {
  const [text, setText] = useState(initial)
  const applied = useRef(initial.trim())
  // The latest `onSearch`, called when the timer fires (not a reason to restart it).
  const search = useEffectEvent((value: string) => onSearch(value))
  useEffect(() => {
    const value = text.trim()
    if (value === applied.current || (value.length > 0 && value.length < SEARCH_MIN_LENGTH)) return
    const timer = setTimeout(() => {
      applied.current = value
      search(value)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const set = useCallback((value: string) => {
    applied.current = value.trim()
    setText(value)
  }, [])
  const current = useCallback(() => applied.current, [])
  return { text, setText, set, applied: current }
}
