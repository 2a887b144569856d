import { describe, expect, it } from 'vitest'
import { markdownToPlainText, renderMarkdownDescription } from './render-markdown'

describe('renderMarkdownDescription (issue 33)', () => {
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
