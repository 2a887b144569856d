import { describe, expect, it } from 'vitest'
import { smsErrorLabel } from './status'

describe('smsErrorLabel', () => {
  it.each([
    ['21211', 'numéro invalide (21211)'],
    ['21610', 'le destinataire s’est désabonné (STOP) (21610)'],
    ['21614', 'ce numéro n’est pas un mobile (21614)'],
    ['30003', 'téléphone injoignable (éteint ou hors réseau) (30003)'],
    ['30005', 'numéro inconnu de l’opérateur (30005)'],
    ['30006', 'numéro fixe ou opérateur injoignable (30006)'],
    ['30007', 'message filtré par l’opérateur (pris pour un spam) (30007)'],
    ['30008', 'échec de distribution, raison inconnue de l’opérateur (30008)'],
  ])('says %s in French, the code beside it for support', (code, label) => {
    expect(smsErrorLabel(code)).toBe(label)
  })

  it('says our own reasons in words, and an unknown fate as something to check before resending', () => {
    expect(smsErrorLabel('optedOut')).toBe('le candidat a demandé à ne plus recevoir de SMS')
    expect(smsErrorLabel('unknownFate')).toMatch(/peut-être reçu, vérifiez avant de renvoyer$/)
  })

  it('keeps an unlisted code visible, and says nothing without one', () => {
    expect(smsErrorLabel('429')).toBe('le service d’envoi n’a pas répondu (429)')
    expect(smsErrorLabel('63016')).toBe('erreur du service d’envoi (63016)')
    expect(smsErrorLabel(null)).toBeNull()
  })
})
