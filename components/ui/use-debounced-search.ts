'use client'

import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@/lib/constants'

/** The search a box's text applies: itself from SEARCH_MIN_LENGTH characters (trimmed), below that none (the full list). */
export const appliedSearch = (text: string) => {
  const value = text.trim()
  return value.length >= SEARCH_MIN_LENGTH ? value : ''
}

/**
 * The search boxes' rule (spec §5, §9): the text applies from 2 characters, 750 ms after the last keystroke, and only
 * when it differs from the one applied; below 2 characters (emptied, or one letter left), the full list comes back,
 * never the results of a longer text no longer in the box. `set` changes the box and the applied text without
 * searching (a reset, or a search brought back by the browser); `applied()` is the text last applied.
 */
export function useDebouncedSearch(initial: string, onSearch: (value: string) => void) {
  const [text, setText] = useState(initial)
  const applied = useRef(appliedSearch(initial))
  // The latest `onSearch`, called when the timer fires (not a reason to restart it).
  const search = useEffectEvent((value: string) => onSearch(value))
  useEffect(() => {
    const value = appliedSearch(text)
    if (value === applied.current) return
    const timer = setTimeout(() => {
      applied.current = value
      search(value)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const set = useCallback((value: string) => {
    applied.current = appliedSearch(value)
    setText(value)
  }, [])
  const current = useCallback(() => applied.current, [])
  return { text, setText, set, applied: current }
}
