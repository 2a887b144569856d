'use client'

/**
 * A server-rendered select's options, sent as [value, label] pairs: rendered by a server component, each <option> of a
 * long list (a statistics page's 500 structures, the FUP list's 200 offers) was an element of its own in the page's
 * RSC payload (issue 16 §1).
 */
export function SelectOptions({ options }: { options: [value: string, label: string][] }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ))
}
