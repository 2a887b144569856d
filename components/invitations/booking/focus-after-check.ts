'use client'

import { useEffect, type RefObject } from 'react'

// After the name check, the page is rendered again and the form that had the focus is gone: the section that replaces
// it takes the focus (not on a first load, where the focus stays at the top of the page).
let checkedJustNow = false

export const markChecked = () => {
  checkedJustNow = true
}

export function useFocusAfterCheck(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!checkedJustNow) return
    checkedJustNow = false
    ref.current?.focus()
  }, [ref])
}
