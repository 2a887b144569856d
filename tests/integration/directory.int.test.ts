import { randomUUID } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { unseal } from '@/lib/crypto/sealed'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { createEnterprise, updateEnterprise } from '@/lib/enterprises/enterprises'
import { ENTERPRISE_CHOICES, getEnterprise, jobOfferEnterprises, listEnterprises } from '@/lib/enterprises/queries'
import { createJobOffer, updateJobOffer } from '@/lib/job-offers/job-offers'
import { placeCandidates, setPlacementStatus } from '@/lib/job-offers/placements'
import { getJobOffer, listJobOffers, placementsOfCandidate } from '@/lib/job-offers/queries'
import { suggestCandidates } from '@/lib/job-offers/suggestions'
import { listCandidatesPage } from '@/lib/candidates/list-candidates'
import { listChallenges, saveChallenges } from '@/lib/offers/challenges'
import { listDirectoryOffers } from '@/lib/offers/directory'
import { offerServiceType } from '@/lib/offers/offer-page'
import { getSocialOffer } from '@/lib/offers/queries'
import { analyseOfferImport, commitOfferImport } from '@/lib/offers/import-offers'
import { createSocialOffer, mayEditOffer, updateSocialOffer } from '@/lib/offers/write-offer'
import { createPartnerStructure, invitePartnerUser, updatePartnerStructure } from '@/lib/partners/structures'
import { listPartnerStructures, responseIndicator } from '@/lib/partners/queries'
import { structureSheet } from '@/lib/partners/structure-sheet'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The directory: partner structures (one SIRET, one structure), social offers written in Passerelle,
// challenges, enterprises, job offers and placements — SIRET rules, races, isolation.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-admin' }
const LYON = { organisationId: demoIds.orgLyon, actorId: 'demo-referent-lyon' }
const admin = { id: 'demo-admin', role: 'admin', organisationId: demoIds.orgSeineMaritime, structureId: null }
const adminLyon = { id: 'demo-referent-lyon', role: 'admin', organisationId: demoIds.orgLyon, structureId: null }
const counsellor = {
  id: 'demo-conseiller',
  role: 'counsellor',
  organisationId: demoIds.orgSeineMaritime,
  structureId: null,
}
const partner = {
  id: 'demo-partenaire',
  role: 'fullPartner',
  organisationId: null,
  structureId: demoIds.structureMobilite,
}
const otherPartner = {
  id: 'demo-partenaire-habitat',
  role: 'fullPartner',
  organisationId: null,
  structureId: demoIds.structureHabitat,
}
const structure = {
  name: 'Secours Solidaire',
  siret: '612 345 678 00017',
  addressFormatted: '1 place du Marché, 76000 Rouen',
  phone: '02 35 00 00 09',
  email: 'contact@secours.test',
  website: 'https://secours.test',
  presentation: 'Aide alimentaire.',
}
const jobOffer = {
  title: 'Préparateur de commandes',
  romeCode: 'n1103',
  contractType: 'interim',
  workingTime: 'full',
  positions: '2',
  description: '<p>Entrepôt</p>',
}

async function newOrganisation(name: string) {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `${name} ${randomUUID().slice(0, 8)}` })
    .returning()
  return throwaway(organisation!.id)
}

describe('partner structures', () => {
  it('a SIRET must have 14 digits and a right key; La Poste’s establishments are accepted; nothing is written otherwise', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await tx.select({ n: count() }).from(s.partnerStructures)
      for (const siret of ['61234567800018', '6123456780001', 'ABCDEFGHIJKLMN', '']) {
        const outcome = await createPartnerStructure(asDb(tx), SM, { ...structure, siret })
        expect(outcome).toMatchObject({
          ok: false,
          fieldErrors: { siret: 'Le SIRET doit compter 14 chiffres et sa clé doit être juste.' },
        })
      }
      expect(await tx.select({ n: count() }).from(s.partnerStructures)).toEqual(before)
      // 356 000 000 00048: a La Poste establishment whose Luhn key is wrong but whose digit sum is a multiple of 5.
      const laPoste = await createPartnerStructure(asDb(tx), SM, {
        ...structure,
        name: 'La Poste Rouen',
        siret: '356 000 000 00048',
      })
      expect(laPoste).toMatchObject({ ok: true, linked: false })
      const bad = await createPartnerStructure(asDb(tx), SM, { ...structure, email: 'pas-un-email', phone: '02 35' })
      expect(bad).toMatchObject({
        ok: false,
        fieldErrors: { email: "L'email n'est pas bien formaté", phone: "Le téléphone n'est pas complet" },
      })
    })
  })

  it('one SIRET is one structure: a second organisation links to it, and the same one is told it already works with it', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createPartnerStructure(asDb(tx), SM, structure)
      if (!created.ok) throw new Error(created.error)
      expect(created.linked).toBe(false)
      const linked = await createPartnerStructure(asDb(tx), LYON, { ...structure, name: 'Un autre nom' })
      expect(linked).toEqual({ ok: true, id: created.id, linked: true })
      const again = await createPartnerStructure(asDb(tx), SM, structure)
      expect(again).toMatchObject({
        ok: false,
        existingId: created.id,
        error: 'Cette structure fait déjà partie de vos partenaires.',
      })
      const rows = await tx
        .select({ name: s.partnerStructures.name })
        .from(s.partnerStructures)
        .where(eq(s.partnerStructures.siret, '61234567800017'))
      expect(rows).toEqual([{ name: 'Secours Solidaire' }])
      const lyonReferent = { id: LYON.actorId, role: 'counsellor', organisationId: demoIds.orgLyon, structureId: null }
      expect((await structureSheet(tx, lyonReferent, created.id))?.structure.name).toBe('Secours Solidaire')
      // Lyon never linked Mobilité Solidaire: its sheet is "not found" there, and its list shows only its own links.
      expect(await structureSheet(tx, lyonReferent, demoIds.structureMobilite)).toBeNull()
      expect((await listPartnerStructures(tx, demoIds.orgLyon)).rows.map((r) => r.name)).toEqual(['Secours Solidaire'])
      // A SIRET already another structure's cannot be taken by an edit.
      expect(
        await updatePartnerStructure(asDb(tx), admin, created.id, { ...structure, siret: '41234567800012' }),
      ).toMatchObject({
        ok: false,
        fieldErrors: { siret: 'Une autre structure porte déjà ce SIRET.' },
      })
    })
  })

  it('two organisations entering one new SIRET at once end with one structure linked to both', async () => {
    const [a, b] = [await newOrganisation('Course A'), await newOrganisation('Course B')]
    const siret = '71234567800015'
    const outcomes = await Promise.all([
      createPartnerStructure(db, { organisationId: a, actorId: 'demo-admin' }, { ...structure, siret }),
      createPartnerStructure(db, { organisationId: b, actorId: 'demo-admin' }, { ...structure, siret }),
    ])
    expect(outcomes.every((o) => o.ok)).toBe(true)
    expect(outcomes.map((o) => (o.ok ? o.linked : null)).sort()).toEqual([false, true])
    const rows = await db
      .select({ id: s.partnerStructures.id })
      .from(s.partnerStructures)
      .where(eq(s.partnerStructures.siret, siret))
    expect(rows).toHaveLength(1)
    const links = await db
      .select({ organisationId: s.organisationPartnerStructures.organisationId })
      .from(s.organisationPartnerStructures)
      .where(eq(s.organisationPartnerStructures.structureId, rows[0]!.id))
    expect(links.map((l) => l.organisationId).sort()).toEqual([a, b].sort())
  })

  it('the list searches by name or SIRET, filters by challenge, and shows offers and the response indicator', async () => {
    const now = new Date('2026-11-24T10:00:00Z')
    const all = await listPartnerStructures(db, SM.organisationId, {}, now)
    expect(all.rows.map((r) => [r.name, r.offers])).toEqual([
      ['Habitat Relais', 1],
      // Four offers, and the one with a waitlist (db/seed/waitlist.ts).
      ['Mobilité Solidaire', 5],
      // db/seed/answer-links.ts: the structure without an account.
      ['Solidarauto Pays de Caux', 1],
    ])
    expect(
      (await listPartnerStructures(db, SM.organisationId, { search: 'HABITAT' }, now)).rows.map((r) => r.name),
    ).toEqual(['Habitat Relais'])
    expect(
      (await listPartnerStructures(db, SM.organisationId, { search: '4123456' }, now)).rows.map((r) => r.name),
    ).toEqual(['Mobilité Solidaire'])
    const challenges = await listChallenges(db, SM.organisationId)
    const mobilite = challenges.find((c) => c.name === 'Mobilité')!
    expect(
      (await listPartnerStructures(db, SM.organisationId, { challengeId: mobilite.id }, now)).rows.map((r) => r.name),
    ).toEqual(['Mobilité Solidaire', 'Solidarauto Pays de Caux'])
    // The seeded prescriptions to Mobilité Solidaire (October 2026): 4 answered 3 days after, 4 pending since 8 to 22 days
    // before 24 November... all older than the 10-day delay: 4 late. Answered within 10 days: 4 of the 8 due.
    const indicator = await responseIndicator(db, SM.organisationId, demoIds.structureMobilite, now)
    expect(indicator).toEqual({ medianDays: 3, answeredWithinDelayShare: 0.5, latePending: 4, reminderDays: 10 })
    expect(all.rows.find((r) => r.name === 'Mobilité Solidaire')!.indicator).toEqual(indicator)
    // On 1 March 2027 all of them are older than the indicator's 90 days: no median nor share any more, but the 4 still
    // waiting stay late (counted from the waiting ones before the 90 days).
    const later = new Date('2027-03-01T10:00:00Z')
    const old = await responseIndicator(db, SM.organisationId, demoIds.structureMobilite, later)
    expect(old).toEqual({ medianDays: null, answeredWithinDelayShare: null, latePending: 4, reminderDays: 10 })
    expect(
      (await listPartnerStructures(db, SM.organisationId, {}, later)).rows.find((r) => r.name === 'Mobilité Solidaire')!
        .indicator,
    ).toEqual(old)
  })

  it('the creating organisation invites the first partner user (72 h link by mail), who runs it; a linking organisation cannot', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createPartnerStructure(asDb(tx), SM, structure)
      if (!created.ok) throw new Error(created.error)
      expect(await createPartnerStructure(asDb(tx), LYON, structure)).toMatchObject({ ok: true, linked: true })
      const invited = await invitePartnerUser(asDb(tx), admin, created.id, {
        email: 'Nouvelle.Partenaire@Habitat.test',
        firstName: 'Inès',
        lastName: 'Roux',
      })
      if (!invited.ok) throw new Error(invited.error)
      const [user] = await tx.select().from(s.users).where(eq(s.users.id, invited.userId))
      expect(user).toMatchObject({
        email: 'nouvelle.partenaire@habitat.test',
        role: 'fullPartner',
        structureId: created.id,
        organisationId: null,
        structureAdmin: true,
      })
      const [mail] = await tx
        .select()
        .from(s.outboundMails)
        .where(
          and(
            eq(s.outboundMails.kind, 'user-invitation'),
            eq(s.outboundMails.toAddress, 'nouvelle.partenaire@habitat.test'),
          ),
        )
      const text = unseal(mail!.sealedText!)
      expect(text).toContain('Un administrateur de «\u00a0Département de Seine-Maritime\u00a0»')
      expect(text).toMatch(/\/new-password\?token=/)
      expect(mail!.structureId).toBe(created.id)
      expect(
        await invitePartnerUser(asDb(tx), adminLyon, created.id, {
          email: 'x@habitat.test',
          firstName: 'X',
          lastName: 'Y',
        }),
      ).toMatchObject({ ok: false, notFound: true })
      expect(
        await invitePartnerUser(asDb(tx), admin, created.id, {
          email: 'nouvelle.partenaire@habitat.test',
          firstName: 'Inès',
          lastName: 'Roux',
        }),
      ).toMatchObject({
        ok: false,
        fieldErrors: { email: 'Un compte Passerelle existe déjà avec cette adresse email.' },
      })
    })
  })
})

describe('social offers written in Passerelle', () => {
  const offer = {
    name: 'Aide au code',
    description:
      '<p>Cours <img src=x onerror=alert(1)><a href="javascript:alert(2)">ici</a><svg onload=alert(3)></svg></p>',
    serviceStartDate: '2026-12-01',
    serviceEndDate: '2027-06-30',
    tags: 'code de la route',
    financingModes: ['fse'],
  }

  it('an administrator writes an offer of a structure it runs, with a challenge and the FSE mode: sanitized, tagged, found through the challenge filter', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const mobilite = (await listChallenges(tx, SM.organisationId)).find((c) => c.name === 'Mobilité')!
      const own = await createPartnerStructure(asDb(tx), SM, structure)
      if (!own.ok) throw new Error(own.error)
      const created = await createSocialOffer(asDb(tx), admin, own.id, {
        ...offer,
        challengeIds: [mobilite.id],
      })
      if (!created.ok) throw new Error(created.error)
      const [row] = await tx.select().from(s.socialOffers).where(eq(s.socialOffers.id, created.id))
      expect(row).toMatchObject({
        source: 'passerelle',
        providerName: 'Secours Solidaire',
        tags: ['mobilite', 'code-de-la-route'],
        financingModes: ['fse'],
      })
      expect(row!.description).toBe('<p>Cours <a rel="noopener noreferrer nofollow" target="_blank">ici</a></p>')
      const found = await listDirectoryOffers(
        tx,
        { organisationId: SM.organisationId },
        { challengeIds: [mobilite.id], search: 'code' },
      )
      expect(found.offers.map((o) => o.name)).toEqual(['Aide au code'])
      // The offer page's service-type block (prepared statements): the challenge met by its tags, the mode's label,
      // for a counsellor of the organisation and for the partner (no organisation: the shared challenges).
      for (const organisationId of [SM.organisationId, null]) {
        const block = await offerServiceType(tx, row!, organisationId)
        expect(block.challenges.map((c) => c.name)).toContain('Mobilité')
        expect(block.financingModes).toEqual([
          { value: 'fse', label: expect.stringMatching(/FSE|Fonds social européen/) },
        ])
      }
      expect(await getSocialOffer(tx, created.id)).toMatchObject({ id: created.id, name: 'Aide au code' })
    })
  })

  it('bad input gets French messages and writes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const own = await createPartnerStructure(asDb(tx), SM, structure)
      if (!own.ok) throw new Error(own.error)
      const before = await tx.select({ n: count() }).from(s.socialOffers)
      expect(
        await createSocialOffer(asDb(tx), admin, own.id, { ...offer, serviceEndDate: '2026-11-30' }),
      ).toMatchObject({
        ok: false,
        fieldErrors: { serviceEndDate: 'La date de fin ne peut pas précéder la date de début.' },
      })
      expect(
        await createSocialOffer(asDb(tx), admin, own.id, { ...offer, challengeIds: [randomUUID()] }),
      ).toMatchObject({ ok: false, fieldErrors: { challengeIds: 'Ce frein n’existe pas dans votre organisation.' } })
      expect(await createSocialOffer(asDb(tx), admin, own.id, { ...offer, financingModes: ['inconnu'] })).toMatchObject(
        { ok: false, fieldErrors: { financingModes: 'Ce mode de financement n’existe pas.' } },
      )
      expect(await createSocialOffer(asDb(tx), admin, own.id, { ...offer, name: '  ' })).toMatchObject({
        ok: false,
        fieldErrors: { name: 'Le nom de l’offre est obligatoire.' },
      })
      expect(await tx.select({ n: count() }).from(s.socialOffers)).toEqual(before)
    })
  })

  it('a partner edits its own offers only; a counsellor does not; an imported offer is read-only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const permis = (await tx.select().from(s.socialOffers).where(eq(s.socialOffers.id, demoIds.offerPermis)))[0]!
      expect(await mayEditOffer(tx, partner, permis)).toBe(true)
      expect(await mayEditOffer(tx, otherPartner, permis)).toBe(false)
      expect(await mayEditOffer(tx, counsellor, permis)).toBe(false)
      // Mobilité Solidaire is run by its own partner (its administrator): the organisation that created it no longer is.
      expect(await mayEditOffer(tx, admin, permis)).toBe(false)
      expect(await mayEditOffer(tx, { ...admin, organisationId: demoIds.orgLyon }, permis)).toBe(false)
      const input = {
        name: permis.name,
        description: '<p>Nouvelle description</p>',
        serviceStartDate: permis.serviceStartDate,
        serviceEndDate: permis.serviceEndDate,
        tags: permis.tags,
        financingModes: permis.financingModes,
      }
      expect(await updateSocialOffer(asDb(tx), partner, permis.id, input)).toEqual({ ok: true })
      expect(
        (
          await tx
            .select({ d: s.socialOffers.description })
            .from(s.socialOffers)
            .where(eq(s.socialOffers.id, permis.id))
        )[0]!.d,
      ).toBe('<p>Nouvelle description</p>')
      expect(await updateSocialOffer(asDb(tx), otherPartner, permis.id, input)).toMatchObject({
        ok: false,
        notFound: true,
      })
      await tx.update(s.socialOffers).set({ source: 'data-inclusion' }).where(eq(s.socialOffers.id, permis.id))
      expect(await updateSocialOffer(asDb(tx), partner, permis.id, input)).toMatchObject({
        ok: false,
        error: 'Cette offre vient d’un autre annuaire\u00a0: elle ne se modifie pas dans Passerelle.',
      })
    })
  })

  it('an organisation’s first save of its challenges replaces the defaults for it alone', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const defaults = await listChallenges(tx, SM.organisationId)
      expect(defaults.map((c) => c.name)).toContain('Numérique')
      const kept = defaults
        .filter((c) => c.name === 'Mobilité' || c.name === 'Santé')
        .map((c) => ({ id: c.id, name: c.name, icon: c.icon, tags: c.tags }))
      const outcome = await saveChallenges(asDb(tx), SM, {
        challenges: [...kept, { name: 'Garde d’enfants', icon: 'baby', tags: 'Famille, garde' }],
      })
      expect(outcome).toEqual({ ok: true })
      expect((await listChallenges(tx, SM.organisationId)).map((c) => [c.name, c.tags])).toEqual([
        ['Mobilité', ['mobilite', 'permis']],
        ['Santé', ['sante']],
        ['Garde d’enfants', ['famille', 'garde']],
      ])
      expect(await listChallenges(tx, LYON.organisationId)).toHaveLength(defaults.length)
      expect(
        await saveChallenges(asDb(tx), SM, {
          challenges: [
            { name: 'A', icon: 'rocket', tags: '' },
            { name: 'Mobilité', icon: 'nope', tags: 'x' },
          ],
        }),
      ).toMatchObject({
        ok: false,
        fieldErrors: {
          'challenges.0.tags': 'Choisissez au moins une thématique ou une étiquette.',
          'challenges.1.icon': 'Choisissez une icône de la liste.',
        },
      })
    })
  })
})

describe('enterprises, job offers and placements', () => {
  it('an enterprise’s SIRET is unique in the organisation: a duplicate points to the existing sheet; Lyon may have the same', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [existing] = await tx
        .select()
        .from(s.enterprises)
        .where(and(eq(s.enterprises.siret, '51234567800019'), eq(s.enterprises.organisationId, SM.organisationId)))
      const duplicate = await createEnterprise(asDb(tx), SM, { name: 'Doublon', siret: '512 345 678 00019' })
      expect(duplicate).toMatchObject({
        ok: false,
        existingId: existing!.id,
        fieldErrors: {
          siret: 'Cette entreprise existe déjà dans votre organisation\u00a0: Boulangerie Durand & Fils.',
        },
      })
      expect(await createEnterprise(asDb(tx), SM, { name: 'Mauvais SIRET', siret: '51234567800018' })).toMatchObject({
        ok: false,
        fieldErrors: { siret: 'Le SIRET doit compter 14 chiffres et sa clé doit être juste.' },
      })
      expect(await createEnterprise(asDb(tx), SM, { name: 'NAF', nafCode: '6201' })).toMatchObject({
        ok: false,
        fieldErrors: { nafCode: 'Le code NAF s’écrit avec 4 chiffres et une lettre, par exemple 62.01Z.' },
      })
      const created = await createEnterprise(asDb(tx), SM, {
        name: 'Garage Lebrun',
        siret: '',
        nafCode: '4520a',
        contacts: [{ name: 'Paul Lebrun', role: 'Gérant', phone: '0612345678', email: '' }],
      })
      if (!created.ok) throw new Error(created.error)
      const sheet = await getEnterprise(tx, SM.organisationId, created.id)
      expect(sheet).toMatchObject({
        nafCode: '45.20A',
        siret: null,
        contacts: [{ name: 'Paul Lebrun', role: 'Gérant', phone: '0612345678', email: null }],
      })
      expect(
        await updateEnterprise(asDb(tx), SM, created.id, { name: 'Garage Lebrun', siret: '52345678900016' }),
      ).toMatchObject({ ok: false, existingId: expect.any(String) })
      expect(await getEnterprise(tx, LYON.organisationId, created.id)).toBeNull()
      expect(await updateEnterprise(asDb(tx), LYON, created.id, { name: 'Volé' })).toMatchObject({
        ok: false,
        notFound: true,
      })
      const list = await listEnterprises(tx, SM.organisationId, { search: 'lebr' })
      expect(list.rows.map((r) => r.name)).toEqual(['Garage Lebrun'])
    })
  })

  it('the job offers’ enterprise filter searches the organisation’s enterprises with offers, by name, 20 at most', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const make = async (actor: { organisationId: string; actorId: string }, name: string, offers: number) => {
        const made = await createEnterprise(asDb(tx), actor, { name })
        if (!made.ok) throw new Error(made.error)
        for (let i = 0; i < offers; i++) await createJobOffer(asDb(tx), actor, made.id, jobOffer)
        return made.id
      }
      const emile = await make(SM, 'Fournil Émile', 2)
      await make(SM, 'Fournil sans offre', 0)
      const lyonnaise = await make(LYON, 'Fournil Lyonnais', 1)
      const names = async (filter: { search: string } | { id: string }, organisationId: string = SM.organisationId) =>
        (await jobOfferEnterprises(asDb(tx), organisationId, filter)).map((e) => e.name)

      // Accents and case aside; only enterprises with offers; never another organisation's.
      expect(await names({ search: 'FOURNIL EMILE' })).toEqual(['Fournil Émile'])
      expect(await names({ search: 'fournil' })).toEqual(['Fournil Émile'])
      expect(await names({ search: 'fournil' }, LYON.organisationId)).toEqual(['Fournil Lyonnais'])
      // The URL's choice, named; another organisation's id or a malformed one names nothing.
      expect(await names({ id: emile })).toEqual(['Fournil Émile'])
      expect(await names({ id: lyonnaise })).toEqual([])
      expect(await names({ id: 'pas-un-id' })).toEqual([])

      // Many matches: the first ones by name.
      for (let i = 1; i <= ENTERPRISE_CHOICES + 5; i++) await make(SM, `Zeta ${String(i).padStart(2, '0')}`, 1)
      const zetas = await names({ search: 'zeta' })
      expect(zetas).toHaveLength(20)
      expect(zetas[0]).toBe('Zeta 01')
      expect(zetas[19]).toBe('Zeta 20')
    })
  })

  it('a job offer checks its fields; placements: one per candidate and offer; a hire fills a position, the last one the offer', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [enterprise] = await tx
        .select()
        .from(s.enterprises)
        .where(and(eq(s.enterprises.name, 'Transports Normands')))
      expect(
        await createJobOffer(asDb(tx), SM, enterprise!.id, {
          ...jobOffer,
          romeCode: 'N11',
          positions: '0',
          workingTime: 'part',
          salaryMin: '2000',
          salaryMax: '1500',
        }),
      ).toMatchObject({
        ok: false,
        fieldErrors: {
          romeCode: 'Le code ROME s’écrit avec une lettre et 4 chiffres, par exemple K2204.',
          positions: 'Le nombre de postes est compris entre 1 et 500.',
          weeklyHours: 'Indiquez la durée hebdomadaire d’un temps partiel.',
          salaryMax: 'Le salaire maximum ne peut pas être inférieur au minimum.',
        },
      })
      expect(await createJobOffer(asDb(tx), LYON, enterprise!.id, jobOffer)).toMatchObject({
        ok: false,
        notFound: true,
      })
      const created = await createJobOffer(asDb(tx), SM, enterprise!.id, {
        ...jobOffer,
        description:
          '<p>Entrepôt<img src=x onerror=alert(1)><a href="javascript:alert(2)">lien</a><svg onload=alert(3)></svg></p>',
      })
      if (!created.ok) throw new Error(created.error)
      expect((await getJobOffer(tx, SM.organisationId, created.id))!.description).toBe(
        '<p>Entrepôt<a rel="noopener noreferrer nofollow" target="_blank">lien</a></p>',
      )
      const candidates = await tx
        .select({ id: s.candidates.id, firstName: s.candidates.firstName })
        .from(s.candidates)
        .where(eq(s.candidates.organisationId, SM.organisationId))
        .orderBy(s.candidates.lastName)
        .limit(3)
      const [lyonCandidate] = await tx
        .select({ id: s.candidates.id })
        .from(s.candidates)
        .where(eq(s.candidates.organisationId, LYON.organisationId))
      expect(await placeCandidates(asDb(tx), SM, created.id, { candidateIds: [lyonCandidate!.id] })).toMatchObject({
        ok: false,
        error: 'Un des candidats choisis est introuvable.',
      })
      expect(await placeCandidates(asDb(tx), SM, created.id, { candidateIds: candidates.map((c) => c.id) })).toEqual({
        ok: true,
        placed: 3,
      })
      const again = await placeCandidates(asDb(tx), SM, created.id, { candidateIds: [candidates[0]!.id] })
      expect(again).toMatchObject({ ok: false })
      expect(again.ok ? '' : again.error).toMatch(/^Déjà positionné sur cette offre/)
      const placements = await tx
        .select()
        .from(s.jobPlacements)
        .where(eq(s.jobPlacements.jobOfferId, created.id))
        .orderBy(s.jobPlacements.createdAt)
      expect(placements).toHaveLength(3)
      const [p1, p2, p3] = placements
      expect(await setPlacementStatus(asDb(tx), SM, p1!.id, { status: 'interview' })).toMatchObject({
        ok: false,
        fieldErrors: { interviewAt: 'Indiquez la date de l’entretien.' },
      })
      expect(await setPlacementStatus(asDb(tx), SM, p1!.id, { status: 'refused', reason: '' })).toMatchObject({
        ok: false,
        fieldErrors: { reason: 'Le motif est obligatoire.' },
      })
      expect(
        await setPlacementStatus(asDb(tx), SM, p1!.id, { status: 'interview', interviewAt: '2026-12-02T14:30' }),
      ).toEqual({ ok: true, offerStatus: 'open' })
      expect(
        (
          await tx
            .select({ at: s.jobPlacements.interviewAt })
            .from(s.jobPlacements)
            .where(eq(s.jobPlacements.id, p1!.id))
        )[0]!.at!.toISOString(),
      ).toBe('2026-12-02T13:30:00.000Z')
      expect(await setPlacementStatus(asDb(tx), LYON, p1!.id, { status: 'hired' })).toMatchObject({
        ok: false,
        notFound: true,
      })
      expect(await setPlacementStatus(asDb(tx), SM, p1!.id, { status: 'hired' })).toEqual({
        ok: true,
        offerStatus: 'open',
      })
      expect(await setPlacementStatus(asDb(tx), SM, p2!.id, { status: 'hired' })).toEqual({
        ok: true,
        offerStatus: 'filled',
      })
      // A third hire on a 2-position offer: refused, nothing written.
      expect(await setPlacementStatus(asDb(tx), SM, p3!.id, { status: 'hired' })).toMatchObject({
        ok: false,
        error: 'Tous les postes de cette offre sont déjà pourvus (2 sur 2).',
      })
      expect(
        (
          await tx
            .select({ status: s.jobPlacements.status })
            .from(s.jobPlacements)
            .where(eq(s.jobPlacements.id, p3!.id))
        )[0]!.status,
      ).toBe('proposed')
      expect(await getJobOffer(tx, SM.organisationId, created.id)).toMatchObject({
        status: 'filled',
        positionsFilled: 2,
      })
      // Fewer positions than hires: refused. A hire undone reopens the offer.
      expect(await updateJobOffer(asDb(tx), SM, created.id, { ...jobOffer, positions: '1' })).toMatchObject({
        ok: false,
        fieldErrors: { positions: 'Le nombre de postes ne peut pas être inférieur aux 2 embauches déjà faites.' },
      })
      expect(await setPlacementStatus(asDb(tx), SM, p2!.id, { status: 'abandoned', reason: 'Déménagement' })).toEqual({
        ok: true,
        offerStatus: 'open',
      })
      // The candidate sheet's "Emploi": the placement and its history.
      const sheet = await placementsOfCandidate(tx, SM.organisationId, p1!.candidateId)
      expect(sheet.find((p) => p.jobOfferId === created.id)!.events.map((e) => e.status)).toEqual([
        'proposed',
        'interview',
        'hired',
      ])
      expect(await placementsOfCandidate(tx, LYON.organisationId, p1!.candidateId)).toEqual([])
      // The dashboard's "placé sur une offre".
      const placed = await listCandidatesPage(tx, SM.organisationId, { placed: true })
      expect(placed.rows.map((r) => r.id)).toEqual(expect.arrayContaining([p1!.candidateId, p3!.candidateId]))
      expect(placed.rows.map((r) => r.id)).not.toContain(p2!.candidateId)
      const searched = await listCandidatesPage(tx, SM.organisationId, {
        placed: true,
        search: candidates[0]!.firstName,
      })
      expect(searched.rows.length).toBeGreaterThan(0)
      // Lists: search, filters, counts per status.
      const list = await listJobOffers(tx, SM.organisationId, { search: 'prépa', contract: 'interim' })
      expect(list.rows.map((r) => r.title)).toEqual(['Préparateur de commandes'])
      expect((await listJobOffers(tx, SM.organisationId)).counts).toEqual({ open: 3, filled: 1, closed: 0 })
      expect((await listJobOffers(tx, LYON.organisationId)).total).toBe(0)
    })
  })

  it('two counsellors hiring for the last position at once: one wins, the other is told, and the offer is filled once', async () => {
    const organisationId = await newOrganisation('Course au poste')
    const actor = { organisationId, actorId: 'demo-admin' }
    const people = await db
      .insert(s.candidates)
      .values([
        { organisationId, firstName: 'Ana', lastName: 'Lopes' },
        { organisationId, firstName: 'Ben', lastName: 'Morel' },
      ])
      .returning({ id: s.candidates.id })
    const enterprise = await createEnterprise(db, actor, { name: 'Entrepôt' })
    if (!enterprise.ok) throw new Error(enterprise.error)
    const offer = await createJobOffer(db, actor, enterprise.id, { ...jobOffer, positions: '1' })
    if (!offer.ok) throw new Error(offer.error)
    expect(await placeCandidates(db, actor, offer.id, { candidateIds: people.map((p) => p.id) })).toEqual({
      ok: true,
      placed: 2,
    })
    const placements = await db
      .select({ id: s.jobPlacements.id })
      .from(s.jobPlacements)
      .where(eq(s.jobPlacements.jobOfferId, offer.id))
    const outcomes = await Promise.all(placements.map((p) => setPlacementStatus(db, actor, p.id, { status: 'hired' })))
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    expect(outcomes.find((o) => !o.ok)).toMatchObject({
      error: 'Tous les postes de cette offre sont déjà pourvus (1 sur 1).',
    })
    expect(await getJobOffer(db, organisationId, offer.id)).toMatchObject({ status: 'filled', positionsFilled: 1 })
    const hired = await db
      .select({ n: count() })
      .from(s.jobPlacements)
      .where(and(eq(s.jobPlacements.jobOfferId, offer.id), eq(s.jobPlacements.status, 'hired')))
    expect(hired[0]!.n).toBe(1)
    // Two counsellors entering one SIRET at once: one enterprise, the other pointed to it.
    const both = await Promise.all([
      createEnterprise(db, actor, { name: 'Même', siret: '61234567800017' }),
      createEnterprise(db, actor, { name: 'Même bis', siret: '61234567800017' }),
    ])
    expect(both.filter((o) => o.ok)).toHaveLength(1)
    const winner = both.find((o) => o.ok) as { id: string }
    expect(both.find((o) => !o.ok)).toMatchObject({ existingId: winner.id })
  })

  it('suggests followed candidates living in the offer’s place first, then its département, without those already placed', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [offer] = await tx
        .select()
        .from(s.jobOffers)
        .where(eq(s.jobOffers.title, 'Vendeur ou vendeuse en boulangerie'))
      const suggestions = await suggestCandidates(tx, SM.organisationId, offer!.id)
      expect(suggestions.length).toBeGreaterThan(0)
      expect(suggestions.length).toBeLessThanOrEqual(10)
      const placed = await tx
        .select({ id: s.jobPlacements.candidateId })
        .from(s.jobPlacements)
        .where(eq(s.jobPlacements.jobOfferId, offer!.id))
      expect(suggestions.map((c) => c.id)).not.toEqual(expect.arrayContaining([placed[0]!.id]))
      for (const p of placed) expect(suggestions.map((c) => c.id)).not.toContain(p.id)
      // Same place (Rouen) first, each with its reasons.
      const first = suggestions[0]!
      expect(first.reasons[0]).toBe('Habite Rouen')
      expect(first.reasons[1]).toBe('Suivi par Romain Leroy')
      const rouen = suggestions.filter((c) => c.reasons[0] === 'Habite Rouen').length
      expect(suggestions.slice(0, rouen).every((c) => c.place === 'Rouen')).toBe(true)
      expect(suggestions.slice(rouen).every((c) => c.reasons[0] === 'Habite le même département (76)')).toBe(true)
      // Another organisation's offer id suggests nobody.
      expect(await suggestCandidates(tx, LYON.organisationId, offer!.id)).toEqual([])
      // A candidate without referent is not suggested.
      await tx.execute(sql`update candidates set referent_id = null where id = ${first.id}`)
      expect((await suggestCandidates(tx, SM.organisationId, offer!.id)).map((c) => c.id)).not.toContain(first.id)
    })
  })
})

describe('importing social offers', () => {
  const bytes = (text: string) => new TextEncoder().encode(text)

  it('a CSV: every bad row with its line and French reasons; the valid ones in one transaction, read-only; again = updated', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const csv = [
        'nom;description;date de début;date de fin;étiquettes;modes de financement;email du contact;téléphone du contact;identifiant',
        'Atelier CV;<p>Rédiger son CV</p><script>alert(1)</script>;01/12/2026;30/06/2027;trouver-un-emploi;fse;cv@habitat.test;02 35 00 00 10;cv',
        ';sans nom;;;;;;;',
        'Dates inversées;;01/07/2027;01/01/2027;;;;;dates',
        'Mauvais contact;;;;;inconnu;pas-un-email;02 35;contact',
        'Atelier CV bis;;;;;;;;cv',
      ].join('\n')
      const analysis = await analyseOfferImport(tx, demoIds.structureHabitat, bytes(csv), 'offres.csv')
      if (!analysis.ok) throw new Error(analysis.error)
      expect(analysis.lines.filter((l) => l.errors.length).map((l) => [l.line, l.errors])).toEqual([
        [3, ['Le nom de l’offre est obligatoire']],
        [4, ['La date de fin précède la date de début']],
        [
          5,
          [
            "L'email n'est pas bien formaté",
            "Le téléphone n'est pas complet",
            'Le mode de financement «\u00a0inconnu\u00a0» n’existe pas',
          ],
        ],
        [6, ['Même identifiant que la ligne 2 du fichier']],
      ])
      const before = await tx.select({ n: count() }).from(s.socialOffers)
      expect(await commitOfferImport(asDb(tx), SM, analysis.offers)).toEqual({ ok: true, created: 1, updated: 0 })
      const [row] = await tx
        .select()
        .from(s.socialOffers)
        .where(and(eq(s.socialOffers.source, 'import-csv'), eq(s.socialOffers.offerId, 'cv')))
      expect(row).toMatchObject({
        name: 'Atelier CV',
        description: '<p>Rédiger son CV</p>',
        serviceStartDate: '2026-12-01',
        serviceEndDate: '2027-06-30',
        tags: ['trouver-un-emploi'],
        financingModes: ['fse'],
        providerName: 'Habitat Relais',
      })
      expect(await mayEditOffer(tx, admin, row!)).toBe(false)
      // The same file again: the offer is updated, not duplicated.
      const again = await analyseOfferImport(
        tx,
        demoIds.structureHabitat,
        bytes(csv.replace('Rédiger son CV', 'Rédiger et relire son CV')),
        'offres.csv',
      )
      if (!again.ok) throw new Error(again.error)
      expect(again.updates).toBe(1)
      expect(await commitOfferImport(asDb(tx), SM, again.offers)).toEqual({ ok: true, created: 0, updated: 1 })
      expect(await tx.select({ n: count() }).from(s.socialOffers)).toEqual([{ n: before[0]!.n + 1 }])
      // Another structure importing the same identifiers is refused on those rows.
      const other = await analyseOfferImport(tx, demoIds.structureMobilite, bytes(csv), 'offres.csv')
      expect(other.ok && other.lines[0]!.errors).toEqual([
        'Cette offre (même source et même identifiant) appartient à une autre structure',
      ])
    })
  })

  it('a data·inclusion JSON: thématiques become tags (the top level too), so the offer lands under the right challenge', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const services = [
        {
          id: 'dora-123',
          source: 'dora',
          nom: 'Location de voitures à 3 €',
          presentation_resume: 'Résumé',
          presentation_detail: 'Première ligne.\n\nDeuxième <b>paragraphe</b>.',
          thematiques: ['mobilite--louer-un-vehicule', 'trouver-un-emploi--convaincre-un-recruteur-en-entretien'],
          adresse: '5 rue Verte',
          code_postal: '76000',
          commune: 'Rouen',
          telephone: '0235000011',
          courriel: 'garage@dora.test',
          contact_nom_prenom: 'Jean Dupré',
          date_suspension: '2027-12-31',
          lien_source: 'https://dora.inclusion.beta.gouv.fr/services/123',
        },
        { id: 'dora-124', source: 'dora', nom: '', thematiques: [] },
      ]
      const analysis = await analyseOfferImport(
        tx,
        demoIds.structureHabitat,
        bytes(JSON.stringify(services)),
        'services.json',
      )
      if (!analysis.ok) throw new Error(analysis.error)
      expect(analysis).toMatchObject({ format: 'data-inclusion', valid: 1, invalid: 1 })
      expect(analysis.lines[1]).toMatchObject({ line: 2, errors: ['Le nom de l’offre est obligatoire'] })
      expect(await commitOfferImport(asDb(tx), SM, analysis.offers)).toEqual({ ok: true, created: 1, updated: 0 })
      const [row] = await tx
        .select()
        .from(s.socialOffers)
        .where(and(eq(s.socialOffers.source, 'dora'), eq(s.socialOffers.offerId, 'dora--dora-123')))
      expect(row).toMatchObject({
        tags: [
          'mobilite',
          'mobilite-louer-un-vehicule',
          'trouver-un-emploi',
          'trouver-un-emploi-convaincre-un-recruteur-en-entretien',
        ],
        // Markdown with inline HTML, rendered then sanitised (tests/integration/data-inclusion-import.int.test.ts).
        description: '<p>Première ligne.</p>\n<p>Deuxième <b>paragraphe</b>.</p>',
        addressFormatted: '5 rue Verte, 76000 Rouen',
        serviceEndDate: '2027-12-31',
        contactName: 'Jean Dupré',
        sourceInfo: { facts: [], sourceUrl: 'https://dora.inclusion.beta.gouv.fr/services/123' },
      })
      const mobilite = (await listChallenges(tx, SM.organisationId)).find((c) => c.name === 'Mobilité')!
      const found = await listDirectoryOffers(
        tx,
        { organisationId: SM.organisationId },
        { challengeIds: [mobilite.id] },
      )
      expect(found.offers.map((o) => o.name)).toContain('Location de voitures à 3 €')
      for (const bad of ['{ pas du json', '{"services": 3}']) {
        expect(await analyseOfferImport(tx, demoIds.structureHabitat, bytes(bad), 'x.json')).toMatchObject({
          ok: false,
        })
      }
    })
  })
})
