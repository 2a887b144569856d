import { describe, expect, it } from 'vitest'
import { keywordOf } from './inbound'

describe('keywordOf', () => {
  it.each([
    ['STOP', 'STOP'],
    [' stop ', 'STOP'],
    ['Stop.', 'STOP'],
    ['Arrêt !', 'ARRET'],
    ['stop sms', 'STOP SMS'],
    ['Désabonnement', 'DESABONNEMENT'],
    ['start', 'START'],
    ['Merci, je serai là', 'MERCI JE SERAI LA'],
  ])('%s reads %s', (body, keyword) => {
    expect(keywordOf(body)).toBe(keyword)
  })
})
