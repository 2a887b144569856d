import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { unseal } from '@/lib/crypto/sealed'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { DEMO_REFERRAL_TOKEN } from '@/db/seed/referrals'
import { fullName } from '@/lib/person-name'
import { acceptOrientation, declineOrientation, orientationFormValues } from '@/lib/referrals/decide'
import { createLink, listLinks, setLinkDisabled, usableLink } from '@/lib/referrals/links'
import { pendingOrientations, getOrientation } from '@/lib/referrals/queries'
import { submitOrientation } from '@/lib/referrals/submit'
import { purgeOrientations } from '@/lib/referrals/retention'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The referral form: links, the public submission (validation, honeypot, limits), the decision, isolation.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const ADMIN = { id: 'demo-admin', organisationId: demoIds.orgSeineMaritime }
const COUNSELLOR = { id: 'demo-conseiller', organisationId: demoIds.orgSeineMaritime }
const LYON = { id: 'demo-referent-lyon', organisationId: demoIds.orgLyon }
const NOW = new Date('2026-11-25T09:00:00Z')

const form = {
  prescriberName: 'Nadia Benali',
  prescriberStructure: 'CCAS de Dieppe',
  prescriberEmail: 'N.Benali@ccas-dieppe.test',
  prescriberPhone: '02 35 84 00 00',
  firstName: 'Zoé',
  lastName: 'Vasseur',
  birthDate: '1990-04-12',
  phone: '06 12 34 56 78',
  email: '',
  addressFormatted: '3 rue Ampère, 76200 Dieppe',
  placeId: '',
  needs: [] as string[],
  situation: 'Cherche un emploi de cariste.',
  consent: true,
  website: '',
}

async function newLink(tx: Tx, label = 'CCAS de test') {
  const created = await createLink(
    asDb(tx),
    ADMIN,
    { label, notifyEmail: 'accueil@departement.test', expiresOn: '' },
    NOW,
  )
  if (!created.ok) throw new Error(created.error)
  return created
}
const counts = async (tx: Tx) => ({
  orientations: (await tx.select({ n: count() }).from(s.orientations))[0]!.n,
  mails: (await tx.select({ n: count() }).from(s.outboundMails))[0]!.n,
})
const lastMail = async (tx: Tx, kind: string) => {
  const [m] = await tx
    .select()
    .from(s.outboundMails)
    .where(eq(s.outboundMails.kind, kind))
    .orderBy(desc(s.outboundMails.createdAt))
    .limit(1)
  return { ...m!, text: unseal(m!.sealedText!) }
}
const ip = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomUUID()}`

describe('referral links', () => {
  it('refuses a bad link with French messages and writes nothing; a new link is usable until disabled or expired', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = (await tx.select({ n: count() }).from(s.referralLinks))[0]!.n
      expect(
        await createLink(asDb(tx), ADMIN, { label: ' ', notifyEmail: 'pas-un-email', expiresOn: '' }, NOW),
      ).toMatchObject({
        ok: false,
        fieldErrors: {
          label: 'Le nom du lien est obligatoire (par exemple «\u00a0CCAS de Dieppe\u00a0»).',
          notifyEmail: "L'email n'est pas bien formaté",
        },
      })
      expect(
        await createLink(asDb(tx), ADMIN, { label: 'CCAS', notifyEmail: 'a@b.test', expiresOn: '2026-11-24' }, NOW),
      ).toMatchObject({ ok: false, fieldErrors: { expiresOn: 'La date d’expiration doit être à venir.' } })
      expect(
        await createLink(asDb(tx), ADMIN, { label: 'CCAS', notifyEmail: 'a@b.test', expiresOn: '2026-02-30' }, NOW),
      ).toMatchObject({ ok: false, fieldErrors: { expiresOn: expect.any(String) } })
      expect((await tx.select({ n: count() }).from(s.referralLinks))[0]!.n).toBe(before)

      const link = await createLink(
        asDb(tx),
        ADMIN,
        { label: 'Mission locale', notifyEmail: 'Accueil@Departement.test', expiresOn: '2026-11-30' },
        NOW,
      )
      if (!link.ok) throw new Error(link.error)
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(await usableLink(asDb(tx), link.token, NOW)).toMatchObject({
        organisationId: ADMIN.organisationId,
        notifyEmail: 'accueil@departement.test',
      })
      // Valid through 30 November (Paris): not on 1 December at 00:00 Paris time.
      expect(await usableLink(asDb(tx), link.token, new Date('2026-11-30T22:59:00Z'))).not.toBeNull()
      expect(await usableLink(asDb(tx), link.token, new Date('2026-11-30T23:00:00Z'))).toBeNull()
      // Another organisation cannot disable it.
      expect(await setLinkDisabled(asDb(tx), LYON, link.id, true, NOW)).toMatchObject({ ok: false, notFound: true })
      expect(await setLinkDisabled(asDb(tx), ADMIN, link.id, true, NOW)).toEqual({ ok: true })
      expect(await usableLink(asDb(tx), link.token, NOW)).toBeNull()
      expect(await setLinkDisabled(asDb(tx), ADMIN, link.id, false, NOW)).toEqual({ ok: true })
      expect(await usableLink(asDb(tx), link.token, NOW)).not.toBeNull()
      // A token that was never given, or is not even shaped like one.
      expect(await usableLink(asDb(tx), 'x'.repeat(32), NOW)).toBeNull()
      expect(await usableLink(asDb(tx), "' or 1=1 --", NOW)).toBeNull()
    })
  })
})

describe('the public referral form', () => {
  it('refuses bad fields field by field in French, writes nothing, and says no more than "not valid" for a bad link', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const link = await newLink(tx)
      const before = await counts(tx)
      const lyonPlace = await tx
        .select({ id: s.places.id })
        .from(s.places)
        .where(eq(s.places.organisationId, demoIds.orgLyon))
        .limit(1)
      const bad = await submitOrientation(
        asDb(tx),
        link.token,
        {
          ...form,
          prescriberEmail: 'nadia@',
          phone: '12',
          firstName: '',
          consent: false,
          placeId: lyonPlace[0]!.id,
          needs: [randomUUID()],
        },
        { ip: ip(), now: NOW },
      )
      expect(bad).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: {
          prescriberEmail: "L'email n'est pas bien formaté",
          phone: "Le téléphone n'est pas complet",
          firstName: 'Le prénom de la personne est obligatoire.',
          consent: 'La personne doit avoir donné son accord pour être orientée.',
        },
      })
      // The place and the needs are checked once the fields are well formed: another organisation's place is refused.
      expect(
        await submitOrientation(
          asDb(tx),
          link.token,
          { ...form, placeId: lyonPlace[0]!.id, needs: [randomUUID()] },
          { ip: ip(), now: NOW },
        ),
      ).toMatchObject({
        ok: false,
        fieldErrors: {
          placeId: 'Choisissez un lieu de résidence de la liste.',
          needs: 'Un des besoins choisis n’est pas dans la liste.',
        },
      })
      expect(
        await submitOrientation(asDb(tx), link.token, { ...form, birthDate: '2027-01-01' }, { ip: ip(), now: NOW }),
      ).toMatchObject({ ok: false, fieldErrors: { birthDate: 'La date de naissance ne peut pas être dans le futur.' } })
      expect(await submitOrientation(asDb(tx), link.token, 'not an object', { ip: ip(), now: NOW })).toMatchObject({
        ok: false,
        status: 400,
      })
      expect(await submitOrientation(asDb(tx), 'y'.repeat(32), form, { ip: ip(), now: NOW })).toEqual({
        ok: false,
        status: 404,
        error: 'Ce lien d’orientation n’est pas valide.',
      })
      await setLinkDisabled(asDb(tx), ADMIN, link.id, true, NOW)
      expect(await submitOrientation(asDb(tx), link.token, form, { ip: ip(), now: NOW })).toEqual({
        ok: false,
        status: 404,
        error: 'Ce lien d’orientation n’est pas valide.',
      })
      // A robot that fills the hidden field is thanked, and nothing is written.
      await setLinkDisabled(asDb(tx), ADMIN, link.id, false, NOW)
      expect(
        await submitOrientation(
          asDb(tx),
          link.token,
          { ...form, website: 'https://spam.test' },
          { ip: ip(), now: NOW },
        ),
      ).toEqual({ ok: true, orientationId: null })
      expect(await counts(tx)).toEqual(before)
    })
  })

  it('writes the orientation with its audit row, and mails the link’s address a link without the person’s data', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const link = await newLink(tx)
      const [dieppe] = await tx
        .select({ id: s.places.id })
        .from(s.places)
        .where(and(eq(s.places.organisationId, demoIds.orgSeineMaritime), eq(s.places.label, 'Dieppe')))
      const needs = await tx
        .select({ id: s.challenges.id, name: s.challenges.name })
        .from(s.challenges)
        .where(eq(s.challenges.name, 'Mobilité'))
        .limit(1)
      const sent = await submitOrientation(
        asDb(tx),
        link.token,
        { ...form, placeId: dieppe!.id, needs: needs.map((n) => n.id) },
        { ip: ip(), now: NOW },
      )
      if (!sent.ok || !sent.orientationId) throw new Error(JSON.stringify(sent))
      const o = await getOrientation(asDb(tx), demoIds.orgSeineMaritime, sent.orientationId)
      expect(o).toMatchObject({
        status: 'pending',
        firstName: 'Zoé',
        lastName: 'Vasseur',
        prescriberEmail: 'n.benali@ccas-dieppe.test',
        phone: '06 12 34 56 78',
        place: 'Dieppe',
        needs: ['Mobilité'],
        link: 'CCAS de test',
        consentAt: NOW,
      })
      // Another organisation does not see it.
      expect(await getOrientation(asDb(tx), demoIds.orgLyon, sent.orientationId)).toBeNull()
      const [audit] = await tx
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, sent.orientationId), eq(s.auditLog.action, 'orientation.received')))
      expect(audit).toBeDefined()
      // The settings list counts it under its link.
      expect((await listLinks(asDb(tx), demoIds.orgSeineMaritime)).find((l) => l.id === link.id)).toMatchObject({
        label: 'CCAS de test',
        orientations: 1,
      })
      const mail = await lastMail(tx, 'orientation-received')
      expect(mail.toAddress).toBe('accueil@departement.test')
      expect(mail.text).toContain(`/v2/orientations/${sent.orientationId}`)
      expect(mail.text).toContain('«\u00a0CCAS de test\u00a0»')
      for (const personal of ['Zoé', 'Vasseur', '1990', '06 12', '+336', 'Ampère', 'cariste'])
        expect(mail.text + mail.subject).not.toContain(personal)
    })
  })

  it('allows 10 orientations an hour from one address, then refuses in French and writes nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const link = await newLink(tx)
      const address = ip()
      for (let i = 0; i < 10; i++)
        expect(await submitOrientation(asDb(tx), link.token, form, { ip: address, now: NOW })).toMatchObject({
          ok: true,
        })
      const before = await counts(tx)
      expect(await submitOrientation(asDb(tx), link.token, form, { ip: address, now: NOW })).toEqual({
        ok: false,
        status: 429,
        error:
          'Trop d’orientations ont été envoyées depuis cette adresse ou ce lien en une heure. Réessayez plus tard, ou contactez directement l’organisation.',
      })
      expect(await counts(tx)).toEqual(before)
      // Another address still may.
      expect(await submitOrientation(asDb(tx), link.token, form, { ip: ip(), now: NOW })).toMatchObject({ ok: true })
    })
  })

  it('limits one link to REFERRAL_LIMIT_PER_LINK an hour, whatever the addresses', async () => {
    const previous = process.env.REFERRAL_LIMIT_PER_LINK
    process.env.REFERRAL_LIMIT_PER_LINK = '3'
    try {
      await inRolledBackTransaction(db, async (tx) => {
        const link = await newLink(tx)
        for (let i = 0; i < 3; i++)
          expect(await submitOrientation(asDb(tx), link.token, form, { ip: ip(), now: NOW })).toMatchObject({
            ok: true,
          })
        expect(await submitOrientation(asDb(tx), link.token, form, { ip: ip(), now: NOW })).toMatchObject({
          ok: false,
          status: 429,
        })
        // Without a known address (no trusted proxy), the link's limit still holds.
        expect(await submitOrientation(asDb(tx), link.token, form, { ip: null, now: NOW })).toMatchObject({
          ok: false,
          status: 429,
        })
      })
    } finally {
      if (previous === undefined) delete process.env.REFERRAL_LIMIT_PER_LINK
      else process.env.REFERRAL_LIMIT_PER_LINK = previous
    }
  })
})

describe('deciding an orientation', () => {
  async function received(tx: Tx, overrides: Partial<typeof form> = {}) {
    const link = await newLink(tx)
    const sent = await submitOrientation(asDb(tx), link.token, { ...form, ...overrides }, { ip: ip(), now: NOW })
    if (!sent.ok || !sent.orientationId) throw new Error(JSON.stringify(sent))
    return sent.orientationId
  }

  // The creation form, opened from the orientation, starts from what the prescriber wrote; the counsellor completes
  // the organisation's required field (its French level) and saves.
  const completed = async (tx: Tx, id: string) => ({
    ...(await orientationFormValues(asDb(tx), demoIds.orgSeineMaritime, id)),
    customFields: { frenchLevel: 'b1' },
  })

  it('accepting creates the candidate from what the prescriber wrote and tells the prescriber with initials only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await received(tx)
      expect(await orientationFormValues(asDb(tx), demoIds.orgSeineMaritime, id)).toEqual({
        firstName: 'Zoé',
        lastName: 'Vasseur',
        birthDate: '1990-04-12',
        phone: '06 12 34 56 78',
        email: '',
        addressFormatted: '3 rue Ampère, 76200 Dieppe',
        placeId: '',
      })
      expect(await orientationFormValues(asDb(tx), demoIds.orgLyon, id)).toBeNull()
      // Another organisation's counsellor: not found, nothing changes.
      expect(await acceptOrientation(asDb(tx), LYON, id, await completed(tx, id), {}, NOW)).toMatchObject({
        ok: false,
        notFound: true,
      })
      // The creation form's checks hold: without the required field, nothing is created and the orientation waits.
      expect(
        await acceptOrientation(asDb(tx), COUNSELLOR, id, { ...(await completed(tx, id)), customFields: {} }, {}, NOW),
      ).toMatchObject({ ok: false, errors: { 'customFields.frenchLevel': expect.any(String) } })
      expect(await getOrientation(asDb(tx), demoIds.orgSeineMaritime, id)).toMatchObject({ status: 'pending' })
      const accepted = await acceptOrientation(asDb(tx), COUNSELLOR, id, await completed(tx, id), {}, NOW)
      if (!accepted.ok) throw new Error(JSON.stringify(accepted))
      const [candidate] = await tx.select().from(s.candidates).where(eq(s.candidates.id, accepted.id))
      expect(candidate).toMatchObject({
        organisationId: demoIds.orgSeineMaritime,
        firstName: 'Zoé',
        lastName: 'Vasseur',
        birthDate: '1990-04-12',
        addressFormatted: '3 rue Ampère, 76200 Dieppe',
      })
      expect(await getOrientation(asDb(tx), demoIds.orgSeineMaritime, id)).toMatchObject({
        status: 'accepted',
        candidateId: accepted.id,
        decidedAt: NOW,
        decider: 'Cédric Fontaine',
      })
      // Once accepted, the form no longer opens from it.
      expect(await orientationFormValues(asDb(tx), demoIds.orgSeineMaritime, id)).toBeNull()
      const mail = await lastMail(tx, 'orientation-outcome')
      expect(mail.toAddress).toBe('n.benali@ccas-dieppe.test')
      expect(mail.text).toContain('L’orientation de Z.\u00a0V. que vous avez envoyée le 25/11/2026 a été acceptée')
      for (const personal of ['Zoé', 'Vasseur', '1990', 'Ampère'])
        expect(mail.text + mail.subject).not.toContain(personal)
      // Decided once: a second decision changes nothing.
      expect(await declineOrientation(asDb(tx), COUNSELLOR, id, { reason: 'Doublon' }, NOW)).toEqual({
        ok: false,
        error: 'Cette orientation a déjà été traitée.',
      })
      expect(
        await acceptOrientation(
          asDb(tx),
          COUNSELLOR,
          id,
          { firstName: 'Zoé', lastName: 'Vasseur', customFields: { frenchLevel: 'b1' } },
          {},
          NOW,
        ),
      ).toEqual({ ok: false, error: 'Cette orientation a déjà été traitée.' })
    })
  })

  it('a person already followed is shown before anything is created; "Créer quand même" creates', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [existing] = await tx
        .select()
        .from(s.candidates)
        .where(and(eq(s.candidates.organisationId, demoIds.orgSeineMaritime)))
        .limit(1)
      const id = await received(tx, {
        firstName: existing!.firstName,
        lastName: existing!.lastName.toUpperCase(),
        birthDate: existing!.birthDate!,
      })
      const before = (await tx.select({ n: count() }).from(s.candidates))[0]!.n
      const first = await acceptOrientation(asDb(tx), COUNSELLOR, id, await completed(tx, id), {}, NOW)
      expect(first).toMatchObject({ ok: false, duplicates: [{ candidateId: existing!.id, reason: 'identity' }] })
      expect((await tx.select({ n: count() }).from(s.candidates))[0]!.n).toBe(before)
      expect(await getOrientation(asDb(tx), demoIds.orgSeineMaritime, id)).toMatchObject({ status: 'pending' })
      const confirmed = await acceptOrientation(
        asDb(tx),
        COUNSELLOR,
        id,
        await completed(tx, id),
        { confirmDuplicates: true },
        NOW,
      )
      expect(confirmed).toMatchObject({ ok: true })
      expect((await tx.select({ n: count() }).from(s.candidates))[0]!.n).toBe(before + 1)
    })
  })

  it('declining needs a reason, which the prescriber receives', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const id = await received(tx)
      expect(await declineOrientation(asDb(tx), COUNSELLOR, id, { reason: '  ' }, NOW)).toMatchObject({
        ok: false,
        fieldErrors: { reason: 'Le motif du refus est obligatoire\u00a0: il est transmis au prescripteur.' },
      })
      expect(await getOrientation(asDb(tx), demoIds.orgSeineMaritime, id)).toMatchObject({ status: 'pending' })
      expect(await declineOrientation(asDb(tx), LYON, id, { reason: 'Hors territoire' }, NOW)).toMatchObject({
        ok: false,
        notFound: true,
      })
      expect(
        await declineOrientation(asDb(tx), COUNSELLOR, id, { reason: 'La personne habite hors du département.' }, NOW),
      ).toEqual({ ok: true })
      expect(await getOrientation(asDb(tx), demoIds.orgSeineMaritime, id)).toMatchObject({
        status: 'declined',
        declineReason: 'La personne habite hors du département.',
        candidateId: null,
      })
      const mail = await lastMail(tx, 'orientation-outcome')
      expect(mail.text).toContain(
        'L’orientation de Z.\u00a0V. que vous avez envoyée le 25/11/2026 n’a pas pu être acceptée.',
      )
      expect(mail.text).toContain('Motif\u00a0: La personne habite hors du département.')
    })
  })

  it('lists the pending orientations, late after the reminder delay, for their organisation only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const fresh = await received(tx)
      const old = await received(tx, { firstName: 'Ancien' })
      await tx
        .update(s.orientations)
        .set({ createdAt: new Date('2026-11-01T09:00:00Z') })
        .where(eq(s.orientations.id, old))
      const list = await pendingOrientations(asDb(tx), demoIds.orgSeineMaritime, new Date('2026-11-15T00:00:00Z'))
      expect(list.rows.find((r) => r.id === old)).toMatchObject({ late: true })
      expect(list.rows.find((r) => r.id === fresh)).toMatchObject({ late: false })
      expect(list.late).toBeGreaterThanOrEqual(1)
      // The counts are the organisation's pending ones, all of them (fewer than a page here): as many as the rows.
      const [pending] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(s.orientations)
        .where(and(eq(s.orientations.organisationId, demoIds.orgSeineMaritime), eq(s.orientations.status, 'pending')))
      expect(list.total).toBe(pending!.n)
      expect(list.rows).toHaveLength(pending!.n)
      expect(list.late).toBe(list.rows.filter((r) => r.createdAt < new Date('2026-11-15T00:00:00Z')).length)
      const lyon = await pendingOrientations(asDb(tx), demoIds.orgLyon, NOW)
      expect(lyon.rows.map((r) => r.id)).not.toContain(fresh)
    })
  })
})

describe('retention', () => {
  it('deletes the orientations decided or received before the retention period, in their organisation only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const link = await newLink(tx)
      const ids: string[] = []
      for (const firstName of ['Ancienne', 'Récente', 'Décidée']) {
        const sent = await submitOrientation(asDb(tx), link.token, { ...form, firstName }, { ip: ip(), now: NOW })
        if (!sent.ok || !sent.orientationId) throw new Error(JSON.stringify(sent))
        ids.push(sent.orientationId)
      }
      const [old, recent, decided] = ids as [string, string, string]
      await tx
        .update(s.orientations)
        .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
        .where(eq(s.orientations.id, old))
      // Received long ago but declined last week: kept, counted from its decision.
      await tx
        .update(s.orientations)
        .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
        .where(eq(s.orientations.id, decided))
      await declineOrientation(
        asDb(tx),
        COUNSELLOR,
        decided,
        { reason: 'Hors territoire' },
        new Date('2026-11-18T00:00:00Z'),
      )
      expect(await purgeOrientations(asDb(tx), demoIds.orgLyon, NOW, 365)).toBe(0)
      expect(await purgeOrientations(asDb(tx), demoIds.orgSeineMaritime, NOW, 365)).toBeGreaterThanOrEqual(1)
      const left = await tx
        .select({ id: s.orientations.id })
        .from(s.orientations)
        .where(eq(s.orientations.linkId, link.id))
      expect(left.map((r) => r.id).sort()).toEqual([recent, decided].sort())
    })
  })
})

describe('the demo', () => {
  it('has a usable referral link with pending orientations', async () => {
    const link = await usableLink(db, DEMO_REFERRAL_TOKEN, NOW)
    expect(link).toMatchObject({ label: 'CCAS de Dieppe', organisationId: demoIds.orgSeineMaritime })
    const list = await pendingOrientations(db, demoIds.orgSeineMaritime, new Date('2026-11-15T00:00:00Z'))
    expect(list.rows.map(fullName)).toEqual(expect.arrayContaining(['Yanis Mercier', 'Inès Lambert']))
  })
})
