import { describe, expect, it } from 'vitest'
import { optionsHtml } from './select-options'

describe('optionsHtml', () => {
  it('writes each option once, the chosen one selected', () => {
    expect(optionsHtml([['', 'Toutes'], ['a1', 'Maison de l’emploi'], ['b2', 'CCAS']], 'b2')).toBe(
      '<option value="">Toutes</option><option value="a1">Maison de l’emploi</option><option value="b2" selected>CCAS</option>',
    )
  })
  it('escapes what a structure or offer name may hold', () => {
    expect(optionsHtml([['x"><script>', 'Léa & <b>Cie</b> « l\'atelier »']], '')).toBe(
      '<option value="x&quot;&gt;&lt;script&gt;">Léa &amp; &lt;b&gt;Cie&lt;/b&gt; « l&#39;atelier »</option>',
    )
  })
})
