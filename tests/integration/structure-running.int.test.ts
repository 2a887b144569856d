import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listOrganisationApplies } from '@/lib/prescriptions/referent-lists'
import { unseal } from '@/lib/crypto/sealed'
import type { Db, DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { analyseServicesAcross } from '@/lib/offers/import-services-across'
import { createSocialOffer, mayWriteOffersOf, updateSocialOffer } from '@/lib/offers/write-offer'
import { createOrganisationWithAdmin } from '@/lib/organisation/create-organisation'
import { accountRequestsOf, decideStructureAccount, requestStructureAccount } from '@/lib/partners/account-requests'
import { analyseStructureImport, commitStructureImport } from '@/lib/partners/import-structures'
import { mayRunStructure, type StructureUser } from '@/lib/partners/running'
import { structureSheet } from '@/lib/partners/structure-sheet'
import {
  createPartnerStructure,
  invitePartnerUser,
  reinvitePartnerUser,
  setPartnerUserDisabled,
  setStructureAdmin,
  updatePartnerStructure,
} from '@/lib/partners/structures'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Working with a structure is not running it: another organisation's administrator who links a structure by its
// (public) SIRET gains no way to invite, disable, edit, write offers, import into it, or read its prescriptions.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db

const seineMaritimeAdmin = {
  id: 'demo-admin',
  role: 'admin',
  organisationId: demoIds.orgSeineMaritime,
  structureId: null,
}
const paula = {
  id: 'demo-partenaire',
  role: 'fullPartner',
  organisationId: null,
  structureId: demoIds.structureMobilite,
}
const hugo = {
  id: 'demo-partenaire-habitat',
  role: 'fullPartner',
  organisationId: null,
  structureId: demoIds.structureHabitat,
}
const mobilite = {
  name: 'Mobilité Solidaire (copie)',
  siret: '41234567800012',
  addressFormatted: '1 rue Pirate, 69000 Lyon',
  phone: '0400000000',
  email: 'boite@attaquant.test',
  website: 'https://attaquant.test',
  presentation: 'Réécrit.',
}
const person = { email: 'intrus@attaquant.test', firstName: 'Ian', lastName: 'Trus' }

/** A second organisation and its administrator, as `npm run admin -- create-organisation` makes them. */
async function attacker(tx: Tx) {
  const outcome = await createOrganisationWithAdmin(tx, {
    name: 'Organisation attaquante',
    adminEmail: 'admin@attaquant.test',
  })
  if (!outcome.ok) throw new Error(outcome.error)
  const [user] = await tx.select().from(s.users).where(eq(s.users.email, 'admin@attaquant.test'))
  return { id: user!.id, role: user!.role, organisationId: user!.organisationId!, structureId: null }
}

/** Everything of Mobilité Solidaire an attack could change, read back. */
async function mobiliteState(tx: Tx) {
  const [structure] = await tx
    .select()
    .from(s.partnerStructures)
    .where(eq(s.partnerStructures.id, demoIds.structureMobilite))
  const partnerUsers = await tx
    .select({ id: s.users.id, disabled: s.users.disabled, admin: s.users.structureAdmin })
    .from(s.users)
    .where(eq(s.users.structureId, demoIds.structureMobilite))
    .orderBy(s.users.id)
  const offers = await tx
    .select({ id: s.socialOffers.id, name: s.socialOffers.name, description: s.socialOffers.description })
    .from(s.socialOffers)
    .where(eq(s.socialOffers.structureId, demoIds.structureMobilite))
    .orderBy(s.socialOffers.id)
  const [invitations] = await tx
    .select({ n: count() })
    .from(s.outboundMails)
    .where(eq(s.outboundMails.kind, 'user-invitation'))
  return { structure, partnerUsers, offers, invitations: invitations!.n }
}

describe('another organisation links a structure by its SIRET', () => {
  it('and finds no way to run it: invite, disable, re-invite, hand on, edit, write or import offers — nothing written', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const intruder = await attacker(tx)
      const before = await mobiliteState(tx)
      const linked = await createPartnerStructure(
        asDb(tx),
        { organisationId: intruder.organisationId, actorId: intruder.id },
        mobilite,
      )
      expect(linked).toEqual({ ok: true, id: demoIds.structureMobilite, linked: true })

      const notFound = { ok: false, notFound: true }
      expect(await invitePartnerUser(asDb(tx), intruder, demoIds.structureMobilite, person)).toMatchObject(notFound)
      expect(await setPartnerUserDisabled(asDb(tx), intruder, demoIds.structureMobilite, paula.id, true)).toMatchObject(
        notFound,
      )
      expect(await reinvitePartnerUser(asDb(tx), intruder, demoIds.structureMobilite, paula.id)).toMatchObject(notFound)
      expect(await setStructureAdmin(asDb(tx), intruder, demoIds.structureMobilite, paula.id, false)).toMatchObject(
        notFound,
      )
      expect(await updatePartnerStructure(asDb(tx), intruder, demoIds.structureMobilite, mobilite)).toMatchObject(
        notFound,
      )
      expect(await mayWriteOffersOf(tx, intruder, demoIds.structureMobilite)).toBe(false)
      expect(
        await createSocialOffer(asDb(tx), intruder, demoIds.structureMobilite, {
          name: 'Offre pirate',
          description: '<p>x</p>',
          tags: '',
          financingModes: [],
        }),
      ).toMatchObject(notFound)
      const [permis] = await tx.select().from(s.socialOffers).where(eq(s.socialOffers.id, demoIds.offerPermis))
      expect(
        await updateSocialOffer(asDb(tx), intruder, demoIds.offerPermis, {
          name: 'Renommée',
          description: '<p>Réécrite</p>',
          serviceStartDate: permis!.serviceStartDate,
          serviceEndDate: permis!.serviceEndDate,
          tags: permis!.tags,
          financingModes: permis!.financingModes,
        }),
      ).toMatchObject(notFound)

      // The data·inclusion services file names Mobilité Solidaire by its SIRET: every line is refused.
      const services = new TextEncoder().encode(
        JSON.stringify([
          {
            id: 'pirate--1',
            nom: 'Service pirate',
            structure_id: 'pirate',
            structure: { siret: '41234567800012', nom: 'Mobilité Solidaire' },
            presentation_resume: 'x',
          },
        ]),
      )
      const across = await analyseServicesAcross(tx, intruder.organisationId, services)
      if (!across.ok) throw new Error(across.error)
      expect(across.lines.every((l) => l.errors.length > 0)).toBe(true)
      expect(across.lines[0]!.errors.join(' ')).toContain('publie ses offres elle-même')

      // The structures file only links (already linked): it never rewrites the structure's data.
      const structures = new TextEncoder().encode(
        JSON.stringify([{ id: 'x', nom: 'Pirate', siret: '41234567800012', courriel: 'boite@attaquant.test' }]),
      )
      const imported = await analyseStructureImport(tx, intruder.organisationId, structures)
      if (!imported.ok) throw new Error(imported.error)
      expect(imported.lines.map((l) => l.status)).toEqual(['linked'])
      expect(
        await commitStructureImport(
          asDb(tx),
          { organisationId: intruder.organisationId, actorId: intruder.id },
          imported.structures,
        ),
      ).toEqual({ ok: true, created: 0, linked: 1 })

      expect(await mobiliteState(tx)).toEqual(before)
      const audits = await tx
        .select({ action: s.auditLog.action })
        .from(s.auditLog)
        .where(eq(s.auditLog.actorId, intruder.id))
      expect(audits.map((a) => a.action)).toEqual(['partnerStructure.linked', 'partnerStructures.imported'])
    })
  })

  it('and reads none of the first organisation’s prescriptions; the account it asks for is refused by the structure', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const intruder = await attacker(tx)
      await createPartnerStructure(
        asDb(tx),
        { organisationId: intruder.organisationId, actorId: intruder.id },
        mobilite,
      )
      // Its staff read their own organisation's prescriptions to the offer: none.
      const read = await listOrganisationApplies(tx, {
        organisationId: intruder.organisationId,
        offerId: demoIds.offerPermis,
        tab: 'PRESCRIPTION_FILLED',
      })
      expect(read.rows).toEqual([])
      expect(read.counts).toMatchObject({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })

      // The request reaches the structure's administrator by mail (nothing about the person in it), who refuses it.
      const requested = await requestStructureAccount(asDb(tx), intruder, demoIds.structureMobilite, person)
      if (!requested.ok) throw new Error(requested.error)
      expect(await requestStructureAccount(asDb(tx), intruder, demoIds.structureMobilite, person)).toMatchObject({
        ok: false,
        error: 'Une demande est déjà en attente pour cette adresse.',
      })
      const [toPaula] = await tx
        .select()
        .from(s.outboundMails)
        .where(
          and(
            eq(s.outboundMails.kind, 'structure-account-request'),
            eq(s.outboundMails.toAddress, 'partenaire@passerelle.test'),
          ),
        )
      const text = unseal(toPaula!.sealedText!)
      expect(text).toContain(
        '«\u00a0Organisation attaquante\u00a0» demande qu’un compte partenaire soit créé pour «\u00a0Mobilité Solidaire\u00a0»',
      )
      expect(text).not.toContain(person.email)
      expect((await accountRequestsOf(tx, demoIds.structureMobilite)).map((r) => r.email)).toEqual([person.email])

      // Neither the requester nor Seine-Maritime (which created the structure, but no longer runs it) decides.
      expect(await decideStructureAccount(asDb(tx), intruder, requested.id, true)).toMatchObject({
        ok: false,
        notFound: true,
      })
      expect(await decideStructureAccount(asDb(tx), seineMaritimeAdmin, requested.id, true)).toMatchObject({
        ok: false,
        notFound: true,
      })
      expect(await decideStructureAccount(asDb(tx), hugo, requested.id, true)).toMatchObject({
        ok: false,
        notFound: true,
      })
      expect(await decideStructureAccount(asDb(tx), paula, requested.id, false)).toEqual({ ok: true })
      expect(await decideStructureAccount(asDb(tx), paula, requested.id, true)).toMatchObject({
        ok: false,
        error: 'Cette demande a déjà reçu une réponse.',
      })
      const [created] = await tx.select({ n: count() }).from(s.users).where(eq(s.users.email, person.email))
      expect(created!.n).toBe(0)
      const [decision] = await tx
        .select()
        .from(s.outboundMails)
        .where(
          and(
            eq(s.outboundMails.kind, 'structure-account-decision'),
            eq(s.outboundMails.toAddress, 'admin@attaquant.test'),
          ),
        )
      expect(unseal(decision!.sealedText!)).toContain('a refusé votre demande')
      const audits = await tx
        .select({ action: s.auditLog.action })
        .from(s.auditLog)
        .where(eq(s.auditLog.entityId, requested.id))
      expect(audits.map((a) => a.action).sort()).toEqual([
        'structureAccountRequest.created',
        'structureAccountRequest.refused',
      ])
    })
  })

  it('an accepted request invites the partner user, who then sees the structure’s prescriptions as its own people do', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const intruder = await attacker(tx)
      await createPartnerStructure(
        asDb(tx),
        { organisationId: intruder.organisationId, actorId: intruder.id },
        mobilite,
      )
      const requested = await requestStructureAccount(asDb(tx), intruder, demoIds.structureMobilite, person)
      if (!requested.ok) throw new Error(requested.error)
      expect(await decideStructureAccount(asDb(tx), paula, requested.id, true)).toEqual({ ok: true })
      const [user] = await tx.select().from(s.users).where(eq(s.users.email, person.email))
      // Not the structure's administrator: it already has one.
      expect(user).toMatchObject({ role: 'fullPartner', structureId: demoIds.structureMobilite, structureAdmin: false })
      const [invitation] = await tx
        .select({ n: count() })
        .from(s.outboundMails)
        .where(and(eq(s.outboundMails.kind, 'user-invitation'), eq(s.outboundMails.toAddress, person.email)))
      expect(invitation!.n).toBe(1)
    })
  })
})

/**
 * The structure's page reads who runs it with the structure itself (lib/partners/structure-sheet.ts): its runs and
 * writesOffers are those of the rules' own reads, for this user and structure.
 */
async function sheetAsRules(tx: DbOrTx, user: StructureUser & { role: string }, structureId: string) {
  const sheet = await structureSheet(tx, user, structureId)
  if (sheet) {
    expect(sheet.runs).toBe(await mayRunStructure(tx, user, structureId))
    expect(sheet.writesOffers).toBe(await mayWriteOffersOf(tx, user, structureId))
  }
  return sheet
}

describe('who runs a structure', () => {
  const fresh = {
    name: 'Épicerie Solidaire',
    siret: '61234567800017',
    addressFormatted: '1 place du Marché, 76000 Rouen',
    phone: '',
    email: 'contact@epicerie.test',
    website: '',
    presentation: '',
  }

  it('the creating organisation runs it until its first partner user takes up the account; then only its administrators', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createPartnerStructure(
        asDb(tx),
        { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-admin' },
        fresh,
      )
      if (!created.ok) throw new Error(created.error)
      expect(await mayRunStructure(tx, seineMaritimeAdmin, created.id)).toBe(true)
      expect(await sheetAsRules(tx, seineMaritimeAdmin, created.id)).toMatchObject({
        governance: { runBy: 'organisation', creatingOrganisationName: 'Département de Seine-Maritime', admins: [] },
        runs: true,
        writesOffers: true,
        mayRequest: false,
        users: [],
      })
      const invited = await invitePartnerUser(asDb(tx), seineMaritimeAdmin, created.id, person)
      if (!invited.ok) throw new Error(invited.error)
      // The invitation is pending: Seine-Maritime can still correct it.
      expect(await mayRunStructure(tx, seineMaritimeAdmin, created.id)).toBe(true)
      const ian = { id: invited.userId, role: 'fullPartner', organisationId: null, structureId: created.id }
      expect(await mayRunStructure(tx, ian, created.id)).toBe(false)
      // His page before he takes up the account: his structure, run by Seine-Maritime, its pending invitation listed there.
      expect(await sheetAsRules(tx, ian, created.id)).toMatchObject({
        governance: { runBy: 'organisation' },
        runs: false,
        writesOffers: true,
        offers: null,
        indicator: null,
        emailChangedAt: null,
      })
      expect((await sheetAsRules(tx, seineMaritimeAdmin, created.id))!.users).toMatchObject([
        { firstName: 'Ian', lastName: 'Trus', invited: true },
      ])
      // Ian sets a password: the structure is his to run now.
      await tx.insert(s.accounts).values({
        id: `${invited.userId}-credential`,
        accountId: invited.userId,
        providerId: 'credential',
        userId: invited.userId,
        password: 'hash',
      })
      expect(await mayRunStructure(tx, ian, created.id)).toBe(true)
      expect(await mayRunStructure(tx, seineMaritimeAdmin, created.id)).toBe(false)
      expect(await updatePartnerStructure(asDb(tx), seineMaritimeAdmin, created.id, fresh)).toMatchObject({
        notFound: true,
      })
      expect(
        await updatePartnerStructure(asDb(tx), ian, created.id, { ...fresh, email: 'accueil@epicerie.test' }),
      ).toEqual({
        ok: true,
      })
      const [audit] = await tx
        .select({ details: s.auditLog.details, structureId: s.auditLog.structureId })
        .from(s.auditLog)
        .where(and(eq(s.auditLog.action, 'partnerStructure.updated'), eq(s.auditLog.entityId, created.id)))
      expect(audit).toEqual({ details: { contactEmailChanged: true }, structureId: created.id })
      // The organisations that work with it see the day its contact address changed; its own people do not need to.
      const changedAt = (await sheetAsRules(tx, seineMaritimeAdmin, created.id))!.emailChangedAt
      expect(changedAt).toBeInstanceOf(Date)
      expect(Math.abs(changedAt!.getTime() - Date.now())).toBeLessThan(60_000)
      expect((await sheetAsRules(tx, ian, created.id))!.emailChangedAt).toBeNull()
      const view = (await sheetAsRules(tx, seineMaritimeAdmin, created.id))!.governance
      expect(view).toMatchObject({ runBy: 'structure', admins: [{ firstName: 'Ian', lastName: 'Trus' }] })
      expect(view.organisations).toEqual(['Département de Seine-Maritime'])
      // Ian's own page: he runs it; Seine-Maritime's: it works with it and may ask him for an account.
      expect(await sheetAsRules(tx, ian, created.id)).toMatchObject({
        runs: true,
        writesOffers: true,
        mayRequest: false,
      })
      expect(await sheetAsRules(tx, seineMaritimeAdmin, created.id)).toMatchObject({ runs: false, mayRequest: true })

      // Ian invites a colleague (not an administrator), hands the administration on, and cannot leave it with nobody.
      const colleague = await invitePartnerUser(asDb(tx), ian, created.id, {
        email: 'collegue@epicerie.test',
        firstName: 'Coline',
        lastName: 'Lègue',
      })
      if (!colleague.ok) throw new Error(colleague.error)
      const [c] = await tx
        .select({ admin: s.users.structureAdmin })
        .from(s.users)
        .where(eq(s.users.id, colleague.userId))
      expect(c!.admin).toBe(false)
      const lastAdmin = 'La structure doit garder au moins un administrateur actif\u00a0: nommez-en un autre d’abord.'
      expect(await setStructureAdmin(asDb(tx), ian, created.id, ian.id, false)).toEqual({ ok: false, error: lastAdmin })
      expect(await setPartnerUserDisabled(asDb(tx), ian, created.id, ian.id, true)).toEqual({
        ok: false,
        error: lastAdmin,
      })
      expect(await setStructureAdmin(asDb(tx), ian, created.id, colleague.userId, true)).toEqual({ ok: true })
      expect(await setStructureAdmin(asDb(tx), seineMaritimeAdmin, created.id, colleague.userId, false)).toMatchObject({
        notFound: true,
      })
    })
  })

  it('a shared structure without an administrator is read-only to every organisation, its creator included', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createPartnerStructure(
        asDb(tx),
        { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-admin' },
        fresh,
      )
      if (!created.ok) throw new Error(created.error)
      await tx.execute(sql`update partner_structures set organisation_id = null where id = ${created.id}`)
      expect(await mayRunStructure(tx, seineMaritimeAdmin, created.id)).toBe(false)
      expect(await invitePartnerUser(asDb(tx), seineMaritimeAdmin, created.id, person)).toMatchObject({
        notFound: true,
      })
      expect(await requestStructureAccount(asDb(tx), seineMaritimeAdmin, created.id, person)).toMatchObject({
        ok: false,
        error:
          'Cette structure est partagée et n’a pas encore d’administrateur\u00a0: personne ne peut accepter une demande de compte.',
      })
      expect(await sheetAsRules(tx, seineMaritimeAdmin, created.id)).toMatchObject({
        governance: { runBy: 'nobody', creatingOrganisationName: null },
        runs: false,
        writesOffers: false,
        mayRequest: false,
      })
    })
  })

  it('a counsellor runs nothing, and a partner runs only its own structure', async () => {
    const counsellor = {
      id: 'demo-conseiller',
      role: 'counsellor',
      organisationId: demoIds.orgSeineMaritime,
      structureId: null,
    }
    expect(await mayRunStructure(db, counsellor, demoIds.structureMobilite)).toBe(false)
    expect(await mayRunStructure(db, paula, demoIds.structureMobilite)).toBe(true)
    expect(await mayRunStructure(db, paula, demoIds.structureHabitat)).toBe(false)
    expect(await mayRunStructure(db, hugo, demoIds.structureHabitat)).toBe(true)
    // Their pages: the counsellor sees the structure without running it or asking for accounts; Paula runs her own,
    // and another structure's page is not found for her.
    expect(await sheetAsRules(db, counsellor, demoIds.structureMobilite)).toMatchObject({
      runs: false,
      writesOffers: false,
      mayRequest: false,
      users: [],
      requests: [],
    })
    const paulas = await sheetAsRules(db, paula, demoIds.structureMobilite)
    expect(paulas).toMatchObject({ runs: true, writesOffers: true, offers: null, indicator: null })
    expect(paulas!.users.map((u) => u.email)).toContain('partenaire@passerelle.test')
    expect(await structureSheet(db, paula, demoIds.structureHabitat)).toBeNull()
  })
})
