import { describe, expect, it } from 'vitest'
import { tagOf, thematiqueLabel, thematiqueOfLabel, THEMATIQUES } from './thematiques'

describe('data·inclusion thématiques', () => {
  it('names a thématique as the référentiel does, and a tag of the organisation’s own not at all', () => {
    expect(thematiqueLabel('logement-hebergement')).toBe('Logement et hébergement')
    expect(thematiqueLabel('difficultes-administratives-ou-juridiques')).toBe(
      'Difficultés administratives ou juridiques',
    )
    expect(thematiqueLabel('lecture-ecriture-calcul')).toBe('Lecture, écriture et calcul')
    expect(thematiqueLabel('permis')).toBeNull()
  })

  it('finds a thématique by its name as an administrator types it: accents, case and apostrophes aside', () => {
    expect(thematiqueOfLabel('Logement et hébergement')).toBe('logement-hebergement')
    expect(thematiqueOfLabel('  logement  ET hebergement ')).toBe('logement-hebergement')
    expect(thematiqueOfLabel("S'ouvrir à l'international")).toBe('souvrir-a-linternational')
    expect(thematiqueOfLabel('Logement')).toBeNull()
  })

  it('each name leads back to its own thématique, and no two share a name', () => {
    expect(new Set(THEMATIQUES.map((t) => t.label.toLowerCase())).size).toBe(THEMATIQUES.length)
    for (const t of THEMATIQUES) expect(thematiqueOfLabel(t.label)).toBe(t.value)
  })

  it('writes a free tag as data·inclusion writes its thématiques', () => {
    expect(tagOf('Permis de conduire')).toBe('permis-de-conduire')
    expect(tagOf(' Garde d’enfants ! ')).toBe('garde-d-enfants')
    expect(tagOf('—')).toBe('')
  })
})
