import { describe, expect, it } from 'vitest'
import { diService } from './data-inclusion'
import { MARKDOWN_MAX_CHARS, markdownToPlainText, renderMarkdownDescription } from './render-markdown'

describe('renderMarkdownDescription', () => {
  it('markdown and inline HTML become the allow-list’s formatting', () => {
    expect(renderMarkdownDescription('**gras** et _italique_<br>ligne\\- suite')).toBe(
      '<p><strong>gras</strong> et <em>italique</em><br />ligne- suite</p>',
    )
    expect(renderMarkdownDescription('# Titre\n\n* un\n* deux')).toBe(
      '<h3>Titre</h3>\n<ul>\n<li>un</li>\n<li>deux</li>\n</ul>',
    )
  })
  it('links: http(s) only, opened safely; others keep their text', () => {
    expect(renderMarkdownDescription('[site](<https://a.fr/b c>)')).toBe(
      '<p><a href="https://a.fr/b%20c" rel="noopener noreferrer nofollow" target="_blank">site</a></p>',
    )
    expect(
      renderMarkdownDescription(
        '[mail](mailto:a@b.fr) [x](javascript:alert(1)) <a href="javascript:alert(2)">y</a> [rel](/page)',
      ),
    ).toBe('<p>mail x y rel</p>')
  })
  it('comments, scripts and styles vanish, even unclosed', () => {
    expect(renderMarkdownDescription('<script>alert(1)</script>avant <!-- note --> après\n<style>p{}</style>')).toBe(
      '<p>avant  après</p>',
    )
    expect(renderMarkdownDescription('texte <!-- jamais fermé')).toBe('<p>texte</p>')
    expect(renderMarkdownDescription('  ')).toBe('')
  })
  it('plain text for a structure’s presentation', () => {
    expect(markdownToPlainText('**Aide** & conseil<br>sur place\n\n* un\n* deux')).toBe(
      'Aide & conseil\nsur place\n\n- un\n- deux',
    )
  })
})

describe('markdown is capped before it is rendered', () => {
  it('marked never reads more than an offer’s description may hold', () => {
    expect(renderMarkdownDescription('a'.repeat(200_000))).toBe(`<p>${'a'.repeat(MARKDOWN_MAX_CHARS)}</p>`)
    expect(markdownToPlainText('b'.repeat(200_000))).toBe('b'.repeat(MARKDOWN_MAX_CHARS))
  })
  it('a data·inclusion service whose markdown is too long keeps it unrendered, for the import to refuse the line', () => {
    // Short once rendered (the comment goes), long as written: the cap is on what marked would read.
    const markdown = `<!--${'c'.repeat(30_000)}-->\n${'mot '.repeat(6_000)}`
    const service = diService({ nom: 'Atelier', description: markdown }, 0)
    expect(service.description).toBe(markdown.trim())
    expect(service.description.length).toBeGreaterThan(MARKDOWN_MAX_CHARS)
    expect(diService({ nom: 'Atelier', description: '**court**' }, 0).description).toBe('<p><strong>court</strong></p>')
  })
})
