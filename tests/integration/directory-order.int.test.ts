import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { directoryPlaces, listDirectoryOffers } from '@/lib/offers/directory'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The directory reads its pages in name order from an index, open offers then expired ones (lib/offers/directory.ts),
// and the place of an offer from stored columns (drizzle/0079). The expected pages are written from the offers the test
// makes; the places from the addresses it gives.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const NOW = new Date('2026-11-22T10:00:00.000Z') // Paris day 2026-11-22

const offer = (structureId: string, name: string, serviceEndDate: string | null, addressFormatted: string | null) => ({
  structureId,
  offerId: `ordre-${name}`,
  name,
  source: 'passerelle',
  providerName: 'Structure de l’ordre',
  serviceEndDate,
  addressFormatted,
})

describe('the directory’s order and places', () => {
  it('shows the open offers by name, then the expired ones by name, each once, across a page that holds both', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [structure] = await tx
        .insert(s.partnerStructures)
        .values({ name: 'Structure de l’ordre', addressFormatted: '3 rue Pasteur, 76600 Le Havre' })
        .returning()
      // 70 offers 'Offre 01'…'Offre 70'; every third one (03, 06…, 69: 23 offers) ended before today (21 November),
      // one ends today (still open), the others have no end or end later.
      const name = (i: number) => `Offre ${String(i).padStart(2, '0')}`
      const ended = (i: number) => i % 3 === 0
      const rows = Array.from({ length: 70 }, (_, k) => {
        const i = k + 1
        const end = ended(i) ? '2026-11-21' : i === 70 ? '2026-11-22' : i % 2 ? null : '2027-06-30'
        return offer(structure!.id, name(i), end, null)
      })
      // Inserted in an order that is neither the name's nor the expiry's.
      await tx.insert(s.socialOffers).values([...rows].reverse())
      const open = Array.from({ length: 70 }, (_, k) => k + 1).filter((i) => !ended(i))
      const expired = Array.from({ length: 70 }, (_, k) => k + 1).filter(ended)
      expect([open.length, expired.length]).toEqual([47, 23])
      const expected = [...open, ...expired].map(name)

      const viewer = { structureId: structure!.id }
      const pages = []
      for (let page = 1; page <= 3; page++) pages.push(await listDirectoryOffers(asDb(tx), viewer, { page }, NOW))
      expect(pages.map((p) => p.total)).toEqual([70, 70, 70])
      expect(pages.map((p) => p.offers.length)).toEqual([PAGE_SIZE, 70 - PAGE_SIZE, 0])
      expect(pages.flatMap((p) => p.offers.map((o) => o.name))).toEqual(expected)
      // Page 1 ends with the first three expired offers, flagged; the one ending today is open.
      expect(pages[0]!.offers.slice(46).map((o) => [o.name, o.expired])).toEqual([
        ['Offre 70', false],
        ['Offre 03', true],
        ['Offre 06', true],
        ['Offre 09', true],
      ])

      // Under a search, the same order: its open offers by name, then its expired ones.
      const filtered = await listDirectoryOffers(asDb(tx), viewer, { search: 'offre 3' }, NOW)
      expect(filtered.total).toBe(10) // 'Offre 30'…'Offre 39'
      expect(filtered.offers.map((o) => o.name)).toEqual(
        ['31', '32', '34', '35', '37', '38', '30', '33', '36', '39'].map((n) => `Offre ${n}`),
      )
    })
  })

  it('takes the place from the offer’s address, else from its structure’s, and follows an address that changes', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [org] = await tx.insert(s.organisations).values({ name: 'Lieux de l’annuaire' }).returning()
      const [structure] = await tx
        .insert(s.partnerStructures)
        .values({
          organisationId: org!.id,
          name: 'Maison des lieux',
          addressFormatted: '3 rue Pasteur, 76600 Le Havre',
        })
        .returning()
      await tx.insert(s.organisationPartnerStructures).values({ organisationId: org!.id, structureId: structure!.id })
      await tx
        .insert(s.socialOffers)
        .values([
          offer(structure!.id, 'Lieux A sans adresse', null, null),
          offer(structure!.id, 'Lieux B à Fécamp', null, '12 quai Bérigny, 76400 Fécamp'),
          offer(structure!.id, 'Lieux C sans code postal', null, 'Place du marché, Dieppe'),
        ])
      const viewer = { organisationId: org!.id }
      const places = async () =>
        Object.fromEntries(
          (await listDirectoryOffers(asDb(tx), viewer, { search: 'lieux' }, NOW)).offers.map((o) => [o.name, o.place]),
        )
      expect(await places()).toEqual({
        'Lieux A sans adresse': '76600 Le Havre',
        'Lieux B à Fécamp': '76400 Fécamp',
        // An address of its own without a postcode: no place, not the structure's.
        'Lieux C sans code postal': null,
      })
      const placeNames = async (place: string) =>
        (await listDirectoryOffers(asDb(tx), viewer, { search: 'lieux', places: [place] }, NOW)).offers.map(
          (o) => o.name,
        )
      expect(await placeNames('76600 Le Havre')).toEqual(['Lieux A sans adresse'])

      // The structure moves: its offer without an address moves with it, the others stay.
      await tx
        .update(s.partnerStructures)
        .set({ addressFormatted: '1 place de l’Hôtel de Ville, 76000 Rouen' })
        .where(eq(s.partnerStructures.id, structure!.id))
      expect((await places())['Lieux A sans adresse']).toBe('76000 Rouen')
      expect(await placeNames('76000 Rouen')).toEqual(['Lieux A sans adresse'])
      expect(await placeNames('76600 Le Havre')).toEqual([])
      const visible = await directoryPlaces(asDb(tx), viewer)
      expect(visible).toEqual(expect.arrayContaining(['76000 Rouen', '76400 Fécamp']))
      expect(visible).not.toContain('76600 Le Havre')
    })
  })
})
