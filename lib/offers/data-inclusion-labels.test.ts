import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FRAIS_LABELS, MODES_ACCUEIL_LABELS, PUBLICS_LABELS } from './data-inclusion-labels'

const referentiel = (name: string) =>
  JSON.parse(
    readFileSync(join(__dirname, '../../tests/fixtures/data-inclusion/referentiels', `${name}.json`), 'utf8'),
  ) as { value: string; label: string }[]

describe('data·inclusion labels', () => {
  it.each([
    ['frais', 'frais', FRAIS_LABELS],
    ['publics', 'profils', PUBLICS_LABELS],
    ['modes-accueil', 'modes-accueil', MODES_ACCUEIL_LABELS],
  ])(
    'every value of the schema’s %s (v1) and v0’s %s has its French label, v1’s where both have it',
    (v1, v0, labels) => {
      const current = new Map(referentiel(`v1-${v1}`).map((e) => [e.value, e.label]))
      for (const [value, label] of current) expect(labels[value]).toBe(label)
      for (const { value, label } of referentiel(`v0-${v0}`)) expect(labels[value]).toBe(current.get(value) ?? label)
    },
  )
})
