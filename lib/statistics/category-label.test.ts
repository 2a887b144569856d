import { describe, expect, it } from 'vitest'
import { categoryLines } from './category-label'

describe('a category’s label on a chart', () => {
  it('keeps a short label on one line', () => {
    expect(categoryLines('Rouen', 14, 3)).toEqual(['Rouen'])
  })

  it('wraps between words, each line within the width', () => {
    expect(categoryLines('N’a pas répondu aux 3 convocations', 14, 3)).toEqual([
      'N’a pas',
      'répondu aux 3',
      'convocations',
    ])
    expect(categoryLines('Mobilité Solidaire', 14, 3)).toEqual(['Mobilité', 'Solidaire'])
  })

  it('cuts a word longer than a line', () => {
    expect(categoryLines('Accompagnement', 10, 3)).toEqual(['Accompagne', 'ment'])
  })

  it('ends the last line with an ellipsis past the lines allowed', () => {
    expect(categoryLines('Un motif de refus vraiment très long à lire', 10, 2)).toEqual(['Un motif', 'de refus…'])
    expect(categoryLines('abcdefghij abcdefghij abcdefghij', 10, 2)).toEqual(['abcdefghij', 'abcdefghi…'])
  })
})
