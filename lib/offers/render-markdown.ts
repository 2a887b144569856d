import { Marked } from 'marked'
import { sanitizeDescription } from './sanitize-description'

/**
 * Issue 33: data·inclusion's `description` / `presentation_detail` is markdown (DORA and other sources convert their
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

const escapeAttribute = (s: string) => s.replace(/&(?!(?:[a-z]+|#\d+|#x[\da-f]+);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Markdown (with inline HTML) → the HTML an offer's description stores, sanitised. '' for an empty text. */
export function renderMarkdownDescription(markdown: string): string {
  // Comments first: inside a paragraph marked would keep them as inline HTML for the sanitiser, but an unclosed one
  // would swallow the rest of the text there; here it only ends the text where the source's own page would.
  const text = markdown.replace(/\r\n?/g, '\n').replace(/<!--[\s\S]*?(?:-->|$)/g, '').trim()
  if (!text) return ''
  return sanitizeDescription(marked.parse(text, { async: false }))
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
