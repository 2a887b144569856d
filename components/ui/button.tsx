import type { ButtonHTMLAttributes } from 'react'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger'

/** The classes of app/globals.css's components layer: .btn and one per variant. */
export function buttonClass(variant: Variant = 'primary', extra?: string) {
  return extra ? `btn btn-${variant} ${extra}` : `btn btn-${variant}`
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}
