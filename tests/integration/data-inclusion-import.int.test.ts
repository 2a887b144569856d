import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, count, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { analyseOfferImport, commitOfferImport } from '@/lib/offers/import-offers'
import { analyseServicesAcross } from '@/lib/offers/import-services-across'
import { analyseStructureImport, commitStructureImport } from '@/lib/partners/import-structures'
import { createPartnerStructure } from '@/lib/partners/structures'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Data·inclusion files as the API serves them (tests/fixtures/data-inclusion/README.md names their origin).
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-admin' }
const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../fixtures/data-inclusion', name)))
const json = (name: string) => JSON.parse(readFileSync(join(__dirname, '../fixtures/data-inclusion', name), 'utf8'))
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
/** What a person reads of stored HTML: the tags gone, the entities read. */
const visible = (html: string) =>
  html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')

async function importInto(tx: Tx, structureId: string, file: Uint8Array) {
  const analysis = await analyseOfferImport(tx, structureId, file, 'services.json')
  if (!analysis.ok) throw new Error(analysis.error)
  const outcome = await commitOfferImport(asDb(tx), SM, analysis.offers)
  return { analysis, outcome }
}
const offersOf = (tx: Tx, structureId: string) =>
  tx
    .select()
    .from(s.socialOffers)
    .where(and(eq(s.socialOffers.structureId, structureId), eq(s.socialOffers.source, 'dora')))
const facts = (row: { sourceInfo: s.OfferSourceInfo }) =>
  Object.fromEntries((row.sourceInfo.facts ?? []).map((f) => [f.label, f.text]))

describe('data·inclusion services, every shape', () => {
  it('the v1 list page {items: [service]} imports, with fees, publics, reception, hours and prerequisites in French', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { analysis, outcome } = await importInto(
        tx,
        demoIds.structureHabitat,
        fixture('services-v1-list-page.json'),
      )
      expect(analysis).toMatchObject({ valid: 1, invalid: 0 })
      expect(outcome).toEqual({ ok: true, created: 1, updated: 0 })
      const [row] = await offersOf(tx, demoIds.structureHabitat)
      expect(row).toMatchObject({
        offerId: 'dora--be-water-scene-wind',
        name: 'Munoz',
        addressFormatted: '62, rue Eugène Rodrigues, 92950 Sainte Gabriel',
        contactName: 'Thibaut de Michaud',
        tags: ['famille', 'famille-garde-denfants'],
      })
      expect(visible(row!.description)).toContain('Lorem ipsum dolor sit amet')
      expect(facts(row!)).toEqual({
        Frais: 'Gratuit · Camarade il.',
        Publics: "Femmes · Femme en situation d'insertion",
        'Modes d’accueil': 'À distance',
        Horaires: 'Mo-Fr 10:00-20:00',
        'Pré-requis': 'Savoir lire et écrire',
      })
      expect(row!.sourceInfo.orientUrl).toBe('https://teixeira.fr/')
    })
  })

  it('the v0 list page imports under the same offer as v1 (the id takes its source), v0 names read', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { outcome } = await importInto(tx, demoIds.structureHabitat, fixture('services-v0-list-page.json'))
      expect(outcome).toEqual({ ok: true, created: 1, updated: 0 })
      const [row] = await offersOf(tx, demoIds.structureHabitat)
      expect(row).toMatchObject({ offerId: 'dora--be-water-scene-wind', description: '<p>Épaule élever un.</p>' })
      expect(facts(row!)).toMatchObject({
        Frais: 'Gratuit · Camarade il.',
        Publics: "Femmes · Femme en situation d'insertion",
        'Modes d’accueil': 'À distance',
      })
      expect(row!.sourceInfo.orientUrl).toBe('https://teixeira.fr/')
      // The v1 page of the same service next month: updated, not duplicated.
      const again = await importInto(tx, demoIds.structureHabitat, fixture('services-v1-list-page.json'))
      expect(again.outcome).toEqual({ ok: true, created: 0, updated: 1 })
    })
  })

  it('a bare list: the schema’s examples (v1) and DORA’s export (v0 and v1 names, frais as a string, null source)', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const examples = await importInto(
        tx,
        demoIds.structureHabitat,
        fixture('services-v1-schema-examples-bare-list.json'),
      )
      expect(examples.outcome).toEqual({ ok: true, created: 1, updated: 0 })
      const [example] = await tx
        .select()
        .from(s.socialOffers)
        .where(eq(s.socialOffers.offerId, 'emplois-de-linclusion--17'))
      expect(facts(example!)).toMatchObject({
        Frais: 'Gratuit · 10€ pour l’adhésion annuelle',
        Publics: 'Femmes · Le jeune entre 15 et 18 ans.',
        Horaires: 'Mo-Fr 08:30-12:30; PH off',
        'Pré-requis': 'Maîtrise de la langue française à l’oral et à l’écrit',
      })
      expect(example!.sourceInfo).toMatchObject({
        orientUrl: 'https://www.actionlogement.fr/demande-cfi',
        sourceUrl: 'https://dora.inclusion.beta.gouv.fr/services/ass-pour-droit-a-l-i-nhes',
      })

      const dora = await importInto(tx, demoIds.structureHabitat, fixture('services-dora-export-bare-list.json'))
      expect(dora.outcome).toEqual({ ok: true, created: 1, updated: 0 })
      const [tisf] = await tx
        .select()
        .from(s.socialOffers)
        .where(and(eq(s.socialOffers.source, 'data-inclusion'), eq(s.socialOffers.offerId, 'tisf-plougasnou')))
      expect(tisf).toMatchObject({
        name: 'TISF',
        description:
          '<p>Service de proximité visant à soutenir les familles ayant la responsabilité de jeunes enfants, en particulier les familles monoparentales.</p>',
      })
      expect(facts(tisf!)).toEqual({
        Frais: 'Payant · 10 €',
        Publics: 'Familles · Étudiants · Femmes'.replace(/ · /g, ', ') + ' · familles, etudiants, femmes',
        'Modes d’accueil': 'À distance, En présentiel',
        'Zone de diffusion': 'Finistère',
        Horaires: 'Tu 09:00-12:00;We 14:00-17:00',
        'Pré-requis': 'Bonne connaissance du français oral et écrit',
        Justificatifs: "Carte d'identité, passeport ou permis de séjour",
        'Comment orienter': 'Contacter conseiller(e) Pôle Emploi',
      })
      expect(tisf!.sourceInfo).toMatchObject({
        orientUrl: 'https://dora.inclusion.beta.gouv.fr/services/tisf/orienter',
        sourceUrl: 'https://dora.inclusion.beta.gouv.fr/services/tisf',
      })
    })
  })

  it('the search page {items: [{service, distance}], total, page, size} imports (it used to be refused whole)', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const page = json('services-v1-search-page.json')
      // One structure's page: the chosen structure's SIRET is not the file's, so a structure with it is created first.
      const created = await createPartnerStructure(asDb(tx), SM, { name: 'Perrin', siret: '76475938700658' })
      if (!created.ok) throw new Error(created.error)
      const { analysis, outcome } = await importInto(
        tx,
        created.id,
        bytes({ ...page, items: page.items.slice(0, 1), total: 1, size: 1 }),
      )
      expect(analysis).toMatchObject({ valid: 1, invalid: 0 })
      expect(outcome).toEqual({ ok: true, created: 1, updated: 0 })
    })
  })

  it('null wherever the schema allows it, and unknown fields, change nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [service] = json('services-v1-list-page.json').items
      const nulls = Object.fromEntries(
        Object.keys(service).map((k) => [
          k,
          ['id', 'source', 'structure_id', 'nom', 'description', 'date_maj'].includes(k) ? service[k] : null,
        ]),
      )
      const { analysis } = await importInto(
        tx,
        demoIds.structureHabitat,
        bytes({ items: [{ ...nulls, champ_futur: { a: 1 }, extra: null }], total: 1 }),
      )
      expect(analysis).toMatchObject({ valid: 1, invalid: 0 })
      const [row] = await offersOf(tx, demoIds.structureHabitat)
      expect(row).toMatchObject({ addressFormatted: null, contactPhone: null, sourceInfo: { facts: [] } })
    })
  })

  it('a file that is not data·inclusion’s is refused in French and writes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await tx.select({ n: count() }).from(s.socialOffers)
      expect(await analyseOfferImport(tx, demoIds.structureHabitat, bytes({ services: 3 }), 'x.json')).toEqual({
        ok: false,
        error:
          'Le fichier JSON doit contenir une liste de services data·inclusion, ou une page de l’API data·inclusion («\u00a0items\u00a0»).',
      })
      expect(
        await analyseOfferImport(tx, demoIds.structureHabitat, new TextEncoder().encode('{ pas du json'), 'x.json'),
      ).toMatchObject({ ok: false, error: expect.stringContaining('n’a pas pu être lu') })
      expect(await analyseOfferImport(tx, demoIds.structureHabitat, bytes({ items: [] }), 'x.json')).toEqual({
        ok: false,
        error: 'Le fichier ne contient aucune offre.',
      })
      expect(await tx.select({ n: count() }).from(s.socialOffers)).toEqual(before)
    })
  })
})

describe('data·inclusion descriptions: markdown rendered, then the offers’ allow-list', () => {
  it('no <br>, **, \\-, <!-- left visible; links safe; <script> and javascript: gone', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      // The file's services carry their structure's SIRET: imported from that structure's sheet.
      const created = await createPartnerStructure(asDb(tx), SM, { name: 'Perrin', siret: '76475938700658' })
      if (!created.ok) throw new Error(created.error)
      const { outcome } = await importInto(tx, created.id, fixture('services-markup-search-page.json'))
      expect(outcome).toEqual({ ok: true, created: 4, updated: 0 })
      const rows = new Map((await offersOf(tx, created.id)).map((r) => [r.offerId, r.description]))
      for (const html of rows.values()) {
        const text = visible(html)
        for (const mark of ['<br', '**', '\\-', '<!--', '-->', '](', '<script', 'javascript:', 'alert('])
          expect(text).not.toContain(mark)
        expect(html).not.toMatch(/<script|javascript:|<!--|href="(?!https?:)/i)
        for (const link of html.match(/<a [^>]*>/g) ?? [])
          expect(link).toMatch(/^<a href="https?:\/\/[^"]+" rel="noopener noreferrer nofollow" target="_blank">$/)
      }
      expect(rows.get('dora--markup-br-escape-bold')).toBe(
        '<p><strong>Accompagnement global</strong> des familles à domicile.<br />Sur rendez-vous - gratuit pour les bénéficiaires du RSA.</p>',
      )
      expect(visible(rows.get('dora--markup-br-escape-bold')!)).toBe(
        'Accompagnement global des familles à domicile.\nSur rendez-vous - gratuit pour les bénéficiaires du RSA.',
      )
      expect(rows.get('dora--markup-link-comment')).toBe(
        '<p>Inscription sur <a href="https://exemple.org/inscription%20permis" rel="noopener noreferrer nofollow" target="_blank">le site de l’association</a>.</p>\n<p>Permanence le mardi.</p>',
      )
      expect(rows.get('dora--markup-markdownify')).toBe(
        '<h3>Hello World</h3>\n<ul>\n<li>Item 1</li>\n<li>Item 2</li>\n</ul>\n<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">Link</a></p>',
      )
      expect(visible(rows.get('dora--markup-unsafe')!)).toBe('Texte sûr. Cliquez ici ou là lien sûr')
      expect(rows.get('dora--markup-unsafe')).toContain(
        '<a href="https://exemple.org/ok" rel="noopener noreferrer nofollow" target="_blank">lien sûr</a>',
      )
    })
  })
})

describe('a file of several structures, imported from one structure’s sheet', () => {
  it('only the chosen structure’s services (by SIRET) are imported; the others are listed with a French reason', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createPartnerStructure(asDb(tx), SM, { name: 'Perrin', siret: '76475938700658' })
      if (!created.ok) throw new Error(created.error)
      const { analysis, outcome } = await importInto(tx, created.id, fixture('services-v1-search-page.json'))
      expect(analysis).toMatchObject({ valid: 1, invalid: 1 })
      expect(analysis.lines[1]).toMatchObject({
        line: 2,
        name: 'Atelier insertion et posture professionnelle',
        errors: [
          'Ce service appartient à une autre structure («\u00a0Centre social Le Tournesol\u00a0»)\u00a0: importez-le depuis sa fiche, ou importez le fichier depuis la page des structures partenaires',
        ],
      })
      expect(outcome).toEqual({ ok: true, created: 1, updated: 0 })
      expect(
        await tx
          .select({ n: count() })
          .from(s.socialOffers)
          .where(eq(s.socialOffers.offerId, 'emplois-de-linclusion--17')),
      ).toEqual([{ n: 0 }])
      // From another structure's sheet (no SIRET of the file), nothing is attached to the wrong structure.
      const wrong = await analyseOfferImport(
        tx,
        demoIds.structureHabitat,
        fixture('services-v1-search-page.json'),
        'services.json',
      )
      expect(wrong).toMatchObject({ ok: true, valid: 0, invalid: 2 })
    })
  })

  it('a list page (no SIRET) is matched by the data·inclusion structure id', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await tx
        .update(s.partnerStructures)
        .set({ dataInclusionId: 'dora--lot-kitchen-amount' })
        .where(eq(s.partnerStructures.id, demoIds.structureHabitat))
      const [service] = json('services-v1-list-page.json').items
      const other = { ...service, id: 'dora--autre', structure_id: 'dora--ailleurs' }
      const { analysis } = await importInto(
        tx,
        demoIds.structureHabitat,
        bytes({ items: [{ ...service, structure_id: 'dora--lot-kitchen-amount' }, other] }),
      )
      expect(analysis.lines.map((l) => l.errors)).toEqual([
        [],
        [
          'Ce service appartient à une autre structure («\u00a0dora--ailleurs\u00a0»)\u00a0: importez-le depuis sa fiche, ou importez le fichier depuis la page des structures partenaires',
        ],
      ])
    })
  })
})

describe('partner structures from a data·inclusion structures file', () => {
  it('each line created, linked (a SIRET Passerelle knows: no duplicate) or refused with its reason; then written in one go', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const known = await createPartnerStructure(
        asDb(tx),
        { organisationId: demoIds.orgLyon, actorId: 'demo-referent-lyon' },
        { name: 'Centre social (Lyon)', siret: '13003013300016' },
      )
      if (!known.ok) throw new Error(known.error)
      const v1 = json('structures-v1-list-page.json').items
      const examples = json('structures-v1-schema-examples-bare-list.json')
      const v0 = json('structures-schema-examples-v0.json')
      const file = bytes({
        items: [
          ...v1,
          ...examples,
          ...v0,
          { ...v1[0], siret: null, id: 'dora--sans-siret' },
          { ...v1[0], id: 'dora--doublon' },
        ],
        total: 5,
        page: 1,
        size: 5,
      })
      const analysis = await analyseStructureImport(tx, SM.organisationId, file)
      if (!analysis.ok) throw new Error(analysis.error)
      expect(analysis.lines).toEqual([
        { line: 1, name: 'Perrin', siret: '76475938700658', status: 'created' },
        {
          line: 2,
          name: 'Centre social Le Tournesol',
          siret: '13003013300016',
          status: 'linked',
          alreadyPartner: false,
        },
        {
          line: 3,
          name: 'MOBILETTE',
          siret: '60487647500499',
          status: 'refused',
          reason:
            'SIRET «\u00a060487647500499\u00a0» invalide\u00a0: le SIRET doit compter 14 chiffres et sa clé doit être juste',
        },
        {
          line: 4,
          name: 'Perrin',
          siret: '',
          status: 'refused',
          reason:
            'SIRET absent\u00a0: Passerelle reconnaît chaque structure à son SIRET (ajoutez-la depuis «\u00a0Ajouter une structure\u00a0»)',
        },
        {
          line: 5,
          name: 'Perrin',
          siret: '76475938700658',
          status: 'refused',
          reason: 'Même SIRET que la ligne 1 du fichier',
        },
      ])
      const before = await tx.select({ n: count() }).from(s.partnerStructures)
      expect(await commitStructureImport(asDb(tx), SM, analysis.structures)).toEqual({
        ok: true,
        created: 1,
        linked: 1,
      })
      expect(await tx.select({ n: count() }).from(s.partnerStructures)).toEqual([{ n: before[0]!.n + 1 }])
      const [perrin] = await tx
        .select()
        .from(s.partnerStructures)
        .where(eq(s.partnerStructures.siret, '76475938700658'))
      expect(perrin).toMatchObject({
        name: 'Perrin',
        addressFormatted: '49, avenue de Pichon, 46873 Sainte CharlotteBourg',
        phone: '0102030405',
        email: 'levyalexandre@example.org',
        website: 'https://www.le.net/',
        dataInclusionId: 'dora--lot-kitchen-amount',
        organisationId: SM.organisationId,
      })
      expect(perrin!.presentation).toBe(
        'Lorem ipsum dolor sit amet, consectetur adipiscing elit,\nsed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
      )
      // The known structure is linked, its data kept as Lyon wrote it: Seine-Maritime works with it but does not run it
      // (lib/partners/running.ts), so the file writes nothing of it, not even its data·inclusion id.
      const [linked] = await tx.select().from(s.partnerStructures).where(eq(s.partnerStructures.id, known.id))
      expect(linked).toMatchObject({ name: 'Centre social (Lyon)', dataInclusionId: null })
      const links = await tx
        .select()
        .from(s.organisationPartnerStructures)
        .where(
          and(
            eq(s.organisationPartnerStructures.organisationId, SM.organisationId),
            inArray(s.organisationPartnerStructures.structureId, [perrin!.id, known.id]),
          ),
        )
      expect(links).toHaveLength(2)
      const audit = await tx
        .select({ action: s.auditLog.action })
        .from(s.auditLog)
        .where(inArray(s.auditLog.entityId, [perrin!.id, known.id, SM.organisationId]))
      expect(audit.map((a) => a.action).sort()).toEqual(
        expect.arrayContaining(['partnerStructure.created', 'partnerStructure.linked', 'partnerStructures.imported']),
      )
      // The same file again: nothing new, both already partners.
      const again = await analyseStructureImport(tx, SM.organisationId, file)
      expect(again.ok && again.lines.slice(0, 2).map((l) => [l.status, l.alreadyPartner])).toEqual([
        ['linked', true],
        ['linked', true],
      ])
    })
  })

  it('v0 structures (presentation_detail, site_web) are read too; a file of nothing valid writes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const v0 = await analyseStructureImport(tx, SM.organisationId, fixture('structures-v0-list-page.json'))
      expect(v0).toMatchObject({
        ok: true,
        created: 1,
        structures: [
          { name: 'Perrin', presentation: 'Or personne jambe.', dataInclusionId: 'dora--lot-kitchen-amount' },
        ],
      })
      const bad = await analyseStructureImport(tx, SM.organisationId, fixture('structures-schema-examples-v0.json'))
      if (!bad.ok) throw new Error(bad.error)
      expect(await commitStructureImport(asDb(tx), SM, bad.structures)).toEqual({
        ok: false,
        error: 'Aucune structure à importer\u00a0: corrigez les lignes signalées.',
      })
      expect(await analyseStructureImport(tx, SM.organisationId, bytes({ total: 0 }))).toEqual({
        ok: false,
        error:
          'Le fichier JSON doit contenir une liste de structures data·inclusion, ou une page de l’API data·inclusion («\u00a0items\u00a0»).',
      })
    })
  })

  it('then a services file across the structures it names: each to its own, counted per structure; the unknown refused', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const structures = await analyseStructureImport(
        tx,
        SM.organisationId,
        bytes([...json('structures-v1-list-page.json').items, ...json('structures-v1-schema-examples-bare-list.json')]),
      )
      if (!structures.ok) throw new Error(structures.error)
      await commitStructureImport(asDb(tx), SM, structures.structures)
      const page = json('services-v1-search-page.json')
      const [listed] = json('services-v1-list-page.json').items
      const stranger = {
        service: {
          ...listed,
          id: 'dora--inconnu',
          structure_id: 'dora--inconnue',
          structure: { nom: 'Structure inconnue', siret: '41234567800020' },
        },
        distance: 3,
      }
      const extra = {
        service: {
          ...page.items[1].service,
          id: 'emplois-de-linclusion--18',
          nom: 'Second atelier',
          structure: undefined,
          structure_id: 'emplois-de-linclusion--17',
        },
        distance: 2,
      }
      const analysis = await analyseServicesAcross(
        tx,
        SM.organisationId,
        bytes({ ...page, items: [...page.items, extra, stranger] }),
      )
      if (!analysis.ok) throw new Error(analysis.error)
      expect(analysis.perStructure).toEqual([
        { structureId: expect.any(String), name: 'Centre social Le Tournesol', valid: 2, updates: 0 },
        { structureId: expect.any(String), name: 'Perrin', valid: 1, updates: 0 },
      ])
      expect(analysis.lines[3]).toMatchObject({
        errors: [
          'La structure de ce service («\u00a0Structure inconnue\u00a0») n’est pas parmi vos partenaires\u00a0: importez d’abord le fichier de ses structures',
        ],
      })
      expect(await commitOfferImport(asDb(tx), SM, analysis.offers)).toEqual({ ok: true, created: 3, updated: 0 })
      const rows = await tx
        .select({
          offerId: s.socialOffers.offerId,
          structure: s.partnerStructures.name,
          provider: s.socialOffers.providerName,
        })
        .from(s.socialOffers)
        .innerJoin(s.partnerStructures, eq(s.partnerStructures.id, s.socialOffers.structureId))
        .where(
          inArray(s.socialOffers.offerId, [
            'dora--be-water-scene-wind',
            'emplois-de-linclusion--17',
            'emplois-de-linclusion--18',
            'dora--inconnu',
          ]),
        )
      expect(rows.sort((a, b) => a.offerId.localeCompare(b.offerId))).toEqual([
        { offerId: 'dora--be-water-scene-wind', structure: 'Perrin', provider: 'Perrin' },
        {
          offerId: 'emplois-de-linclusion--17',
          structure: 'Centre social Le Tournesol',
          provider: 'Centre social Le Tournesol',
        },
        {
          offerId: 'emplois-de-linclusion--18',
          structure: 'Centre social Le Tournesol',
          provider: 'Centre social Le Tournesol',
        },
      ])
      // Another organisation's partners are not found: Lyon has none of these structures.
      const lyon = await analyseServicesAcross(tx, demoIds.orgLyon, bytes(page))
      expect(lyon).toMatchObject({ ok: true, valid: 0, invalid: 2, perStructure: [] })
    })
  })
})
