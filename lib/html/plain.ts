import fs from 'node:fs'
import path from 'node:path'

/**
 * Pages in plain HTML, without JavaScript (the referral form, the diagnosis through its link): people who do
 * not work in Passerelle every day, on any phone. Next.js does not let a route handler render React to a string, so
 * they are written with `html`, which escapes every value; they share the app's stylesheet.
 */
/** Markup already escaped (the result of `html`). */
export class Safe {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
// A typed value shown back (a refused form) never carries a control character into the page (U+FFFD in its place).
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g
export const escape = (value: string) => value.replace(CONTROLS, '\ufffd').replace(/[&<>"']/g, (c) => ESCAPES[c]!)
type Part = Safe | string | number | null | undefined | false | Part[]
const render = (part: Part): string =>
  part === null || part === undefined || part === false
    ? ''
    : part instanceof Safe
      ? part.value
      : Array.isArray(part)
        ? part.map(render).join('')
        : escape(String(part))

/** A template whose interpolated values are escaped, unless they are `html` themselves (or lists of them). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Safe {
  return new Safe(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]!) : ''), ''))
}
export const attr = (name: string, value: string | null | undefined | false) =>
  value === null || value === undefined || value === false ? '' : html` ${new Safe(name)}="${value}"`

/** The app's stylesheet (one file, built from app/globals.css), found once in the build's static folder. */
let stylesheet: string | null | undefined
function stylesheetHref(): string | null {
  if (stylesheet !== undefined) return stylesheet
  const dir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'static', 'chunks')
  try {
    const css = fs.readdirSync(dir).filter((f) => f.endsWith('.css'))
    stylesheet = css.length ? `/_next/static/chunks/${css.sort()[0]}` : null
  } catch {
    stylesheet = null
  }
  return stylesheet
}

/** An HTML response: not cached (a form's answer); the security headers come from next.config and proxy.ts. */
export function htmlPage(status: number, title: string, body: Safe, description: string): Response {
  const css = stylesheetHref()
  const page = html`<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Passerelle</title>
<meta name="description" content="${description}">
<link rel="icon" href="/icon.svg" type="image/svg+xml">${css ? html`<link rel="stylesheet" href="${css}">` : ''}</head>
<body><div class="flex min-h-screen flex-col items-center px-4 py-10">
<p class="mb-6 text-2xl font-semibold text-brand-800">Passerelle</p>
<main id="contenu" class="w-full max-w-2xl">${body}</main>
<footer class="mt-8 flex flex-wrap justify-center gap-4 text-sm"><a href="/legal-notice">Mentions légales</a><a href="/terms-of-use">Conditions d’utilisation</a><a href="/privacy-policy">Politique de confidentialité</a></footer>
</div></body></html>`
  return new Response(page.value, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}
