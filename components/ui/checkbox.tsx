'use client'

import { useEffect, useRef, type InputHTMLAttributes } from 'react'

/** A native checkbox that can show the indeterminate state (select-all with a partial selection). */
export function Checkbox({
  indeterminate,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = !!indeterminate && !props.checked
  }, [indeterminate, props.checked])
  return <input ref={ref} type="checkbox" className="h-4 w-4 accent-brand-700" {...props} />
}
