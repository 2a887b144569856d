import { escape } from '@/lib/html/plain'

/**
 * A long select's options as one HTML string, for a server component's `<select dangerouslySetInnerHTML>`: a
 * statistics page's 500 structures or the FUP list's 200 offers were 500 React elements to render on the server and as
 * many entries in the page's RSC payload (issue 16 §1); one string costs neither. The chosen option carries `selected`
 * for the page before any script; the select's `defaultValue` keeps it chosen once hydrated.
 */
export function optionsHtml(options: [value: string, label: string][], selected: string): string {
  let html = ''
  for (const [value, label] of options) html += `<option value="${escape(value)}"${value === selected ? ' selected' : ''}>${escape(label)}</option>`
  return html
}

