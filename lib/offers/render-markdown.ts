import { Marked } from 'marked'
import { sanitizeDescription } from './sanitize-description'

/**
 * Data·inclusion's `description` / `presentation_detail` is markdown (DORA and other sources convert their
 * HTML with markdownify) with some inline HTML left in: `<br>`, comments, escapes such as `\-`. marked renders it, then
 * the offers' one allow-list (sanitizeDescription) keeps only formatting. Single line breaks are kept (`breaks`), as the
 * sources write lists and addresses line by line. Headings start at level 3, under the page's "Présentation" heading.
 * Links keep their text but lose their address unless it is http(s): no mailto:, javascript: or relative link from a
 * file Passerelle did not write.
 */
const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    heading({ tokens, depth }) {
      const level = Math.min(4, Math.max(3, depth + 2))
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
    },
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens)
      const url = href.trim().replace(/\s/g, '%20')
      return /^https?:\/\//i.test(url) ? `<a href="${escapeAttribute(url)}">${text}</a>` : text
    },
    image({ text }) {
      return escapeText(text)
    },
  },
})

const escapeAttribute = (s: string) =>
  s
    .replace(/&(?!(?:[a-z]+|#\d+|#x[\da-f]+);)/gi, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * An offer's description holds at most this many characters. Markdown is cut to it before marked reads it, since
 * marked's work grows with what it reads, and an imported file may hold megabytes in one field.
 */
export const MARKDOWN_MAX_CHARS = 50_000

/** Markdown (with inline HTML) → the HTML an offer's description stores, sanitised. '' for an empty text. */
export function renderMarkdownDescription(markdown: string): string {
  // Comments, scripts and styles first: at the start of a line marked takes them, and the rest of that line, as an HTML
  // block it does not read as markdown (a link written after them would stay as its raw text). An unclosed comment
  // ends the text, as it would on the source's own page.
  const text = markdown
    .slice(0, MARKDOWN_MAX_CHARS)
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .trim()
  if (!text) return ''
  // An inline <a> whose address the allow-list dropped (javascript:…) keeps its text, not an empty link.
  return sanitizeDescription(marked.parse(text, { async: false }))
    .replace(/<a (?![^>]*\bhref=)[^>]*>([\s\S]*?)<\/a>/g, '$1')
    .trim()
}

/** The same markdown as plain text (a structure's presentation is plain text): paragraphs and lines kept. */
export function markdownToPlainText(markdown: string): string {
  return renderMarkdownDescription(markdown)
    .replace(/\n/g, '')
    .replace(/<\/(?:ul|ol)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|h\d|blockquote)>/gi, '\n\n')
    .replace(/<\/li>/gi, '\n')
    .replace(/<li>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
