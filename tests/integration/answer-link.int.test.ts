import { createHmac, hkdfSync, randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoIds } from '@/db/seed'
import { unseal } from '@/lib/crypto/sealed'
import { DAY_MS, formatDate } from '@/lib/dates'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { answerLinkToken, checkAnswerLink } from '@/lib/prescriptions/answer-link'
import {
  applyOfValidLink,
  linkDestinationOfOffer,
  LINK_MESSAGES,
  openAnswerLink,
  renewAnswerLink,
} from '@/lib/prescriptions/answer-by-link'
import { contactEmailChangedAt } from '@/lib/partners/contact-changes'
import { updatePartnerStructure } from '@/lib/partners/structures'
import {
  accountRequestsOf,
  decideStructureAccount,
  requestStructureAccountFromLink,
} from '@/lib/partners/account-requests'
import { fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import { sendFup } from '@/lib/prescriptions/partner-answers-fup'
import { prescribe } from '@/lib/prescriptions/referent-prescribes'
import { remindPendingPrescriptions } from '@/lib/prescriptions/reminders'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// A structure without an account answers from a signed link (issue 40 §1): the link's checks, the mail at its contact
// address, the page's journal row, the answer, the new link sent to that address only, and the reminder.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const NOW = new Date('2026-11-22T10:00:00.000Z')
const DAY = DAY_MS
const CONTACT = 'accueil@sans-compte.example'

const saved = process.env.BETTER_AUTH_URL
beforeAll(() => {
  process.env.BETTER_AUTH_URL = 'https://passerelle.example'
})
afterAll(() => {
  if (saved === undefined) delete process.env.BETTER_AUTH_URL
  else process.env.BETTER_AUTH_URL = saved
})

/** A structure of the test's own (no user, a contact address), an offer of it and a candidate of Seine-Maritime. */
async function setUp(tx: Tx, email: string | null = CONTACT) {
  const [structure] = await tx
    .insert(s.partnerStructures)
    .values({
      organisationId: demoIds.orgSeineMaritime,
      name: `Structure sans compte ${randomUUID().slice(0, 6)}`,
      email,
    })
    .returning({ id: s.partnerStructures.id })
  await tx
    .insert(s.organisationPartnerStructures)
    .values({ organisationId: demoIds.orgSeineMaritime, structureId: structure!.id })
  const [offer] = await tx
    .insert(s.socialOffers)
    .values({
      structureId: structure!.id,
      offerId: `lien-${randomUUID()}`,
      name: 'Aide au permis',
      source: 'test',
      providerName: 'Structure sans compte',
    })
    .returning({ id: s.socialOffers.id })
  const [candidate] = await tx
    .insert(s.candidates)
    .values({
      organisationId: demoIds.orgSeineMaritime,
      firstName: 'Lina',
      lastName: `Lien-${randomUUID().slice(0, 6)}`,
    })
    .returning({ id: s.candidates.id })
  const result = await prescribe(asDb(tx), {
    organisationId: demoIds.orgSeineMaritime,
    authorId: 'demo-referent',
    now: NOW,
    input: {
      candidateId: candidate!.id,
      offerId: offer!.id,
      prescription: {
        rsaReferentName: 'Romain Leroy',
        email: 'referent@passerelle.test',
        phone: '06 01 02 03 04',
        structure: 'Département de Seine-Maritime',
        address: 'Quai Jean Moulin, 76100 Rouen',
        goal: 'Obtenir le permis B.',
        validatePrescription: true,
        approveDemand: true,
        prescriptionDate: '2026-11-22',
      },
    },
  })
  if (!result.ok) throw new Error(JSON.stringify(result))
  return { structureId: structure!.id, offerId: offer!.id, candidateId: candidate!.id, result }
}

const mailsTo = async (tx: Tx, to: string) =>
  (
    await tx.select().from(s.outboundMails).where(eq(s.outboundMails.toAddress, to)).orderBy(s.outboundMails.createdAt)
  ).map((m) => ({ kind: m.kind, subject: m.subject, text: unseal(m.sealedText!) }))

const linkIn = (text: string) => /https:\/\/passerelle\.example\/reponse\/(\S+)/.exec(text)![1]!

const ANSWER = fupAnswerSchema.parse({
  partnerFeedback: {
    name: 'Structure sans compte',
    email: CONTACT,
    phone: '02 35 00 00 00',
    address: '1 rue du Lien, 76000 Rouen',
    accompanierName: 'Marie Curie',
    decision: { partnerDecision: 'integrated', firstReceptionDate: '2026-11-23', assessmentDate: '2026-11-24' },
  },
  sponsorsLogo: [],
})

describe('the signed answer link', () => {
  it('is valid for 8 days, then expired; a changed id, expiry or signature is invalid', () => {
    const id = randomUUID()
    const token = answerLinkToken(id, NOW)
    expect(checkAnswerLink(token, NOW)).toEqual({
      kind: 'valid',
      applyId: id,
      expiresAt: new Date(NOW.getTime() + 8 * DAY),
    })
    expect(checkAnswerLink(token, new Date(NOW.getTime() + 8 * DAY - 1000)).kind).toBe('valid')
    expect(checkAnswerLink(token, new Date(NOW.getTime() + 8 * DAY)).kind).toBe('expired')
    const [, expires, signature] = token.split('.')
    const other = randomUUID()
    for (const forged of [
      `${other}.${expires}.${signature}`,
      `${id}.${Number(expires) + 86_400}.${signature}`,
      `${id}.${expires}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
      `${id}.${expires}`,
      'not-a-token',
    ])
      expect(checkAnswerLink(forged, NOW)).toEqual({ kind: 'invalid' })
    // The signature is an HMAC-SHA256 of "<id>.<expiry>" under the key derived from the app's secret.
    const key = Buffer.from(
      hkdfSync('sha256', process.env.BETTER_AUTH_SECRET!, 'passerelle', 'prescription-answer-link-v1', 32),
    )
    expect(signature).toBe(createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url'))
  })

  it('goes to the contact address of a structure without an account, opens that prescription, journaled, and answers it', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { result, structureId, candidateId } = await setUp(tx)
      expect(result).toMatchObject({ ok: true, mailed: 1, linkSentTo: CONTACT })
      const [mail] = await mailsTo(tx, CONTACT)
      expect(mail!.kind).toBe('prescription-created-link')
      expect(mail!.text).toContain('valable jusqu’au 30/11/2026')
      // Nothing personal in the mail: the offer, the link.
      expect(mail!.text).not.toContain('Lina')
      const token = linkIn(mail!.text)
      expect(checkAnswerLink(token, NOW)).toMatchObject({ kind: 'valid', applyId: result.ok && result.applyId })

      const page = await openAnswerLink(asDb(tx), token, NOW)
      expect(page).toMatchObject({ kind: 'open', apply: { id: result.ok && result.applyId } })
      if (page.kind !== 'open') return
      expect(page.apply.beneficiary.socialSecurityNumber).toBeNull()
      const journal = await tx
        .select()
        .from(s.readJournal)
        .where(and(eq(s.readJournal.candidateId, candidateId), eq(s.readJournal.kind, 'fup.link')))
      expect(journal).toMatchObject([
        { actorId: `lien:${structureId}`, structureId, ownerOrganisationId: demoIds.orgSeineMaritime },
      ])

      const apply = await applyOfValidLink(asDb(tx), token, NOW)
      const sent = await sendFup(asDb(tx), {
        structureId: apply!.structureId,
        applyId: apply!.id,
        answer: ANSWER,
        actorId: null,
        by: 'link',
        now: NOW,
      })
      expect(sent).toMatchObject({ ok: true, state: 'INTEGRATED_CANDIDATE' })
      const [audit] = await tx
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.action, 'fup.sent'), eq(s.auditLog.entityId, apply!.id)))
      expect(audit).toMatchObject({ actorId: null, structureId, details: { by: 'link' } })
      // Answered, the link shows that it is done, and nothing of the person.
      expect(await openAnswerLink(asDb(tx), token, NOW)).toMatchObject({
        kind: 'closed',
        state: 'INTEGRATED_CANDIDATE',
      })
      expect(await applyOfValidLink(asDb(tx), `${token.slice(0, -2)}xx`, NOW)).toBeNull()
    })
  })

  it('the referent is told where it goes, and the day the address was changed by those who run the structure', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { structureId, offerId } = await setUp(tx)
      expect(await linkDestinationOfOffer(asDb(tx), offerId)).toEqual({ email: CONTACT, changedOn: null })
      const admin = { id: 'demo-admin', role: 'admin', organisationId: demoIds.orgSeineMaritime, structureId: null }
      const values = {
        name: 'Garage test',
        siret: '61234567800017',
        addressFormatted: '',
        phone: '',
        website: '',
        presentation: '',
      }
      expect(
        await updatePartnerStructure(asDb(tx), admin, structureId, { ...values, email: 'autre@sans-compte.example' }),
      ).toEqual({ ok: true })
      const today = formatDate(new Date())
      expect(await linkDestinationOfOffer(asDb(tx), offerId)).toEqual({
        email: 'autre@sans-compte.example',
        changedOn: today,
      })
      // The day is that of the edit’s audit row.
      expect(await contactEmailChangedAt(asDb(tx), structureId)).toBeInstanceOf(Date)
    })
  })

  it('from the link, the structure asks for an account; its creating organisation accepts it; the answer goes to its address', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { structureId } = await setUp(tx)
      const link = { structureId, organisationId: demoIds.orgSeineMaritime, requestedBy: `lien:${structureId}` }
      const person = { firstName: 'Jeanne', lastName: 'Garage', email: 'Jeanne@Sans-Compte.example', phone: '' }
      expect(await requestStructureAccountFromLink(asDb(tx), link, { ...person, email: 'pas-un-email' })).toMatchObject(
        {
          ok: false,
          fieldErrors: { email: expect.any(String) },
        },
      )
      const asked = await requestStructureAccountFromLink(asDb(tx), link, person)
      if (!asked.ok) throw new Error(asked.error)
      const [request] = await tx
        .select()
        .from(s.structureAccountRequests)
        .where(eq(s.structureAccountRequests.id, asked.id))
      expect(request).toMatchObject({ email: 'jeanne@sans-compte.example', requestedById: `lien:${structureId}` })
      const requests = await accountRequestsOf(asDb(tx), structureId)
      expect(requests).toMatchObject([{ id: asked.id, byLink: true }])
      // The same address again: one pending request.
      expect(await requestStructureAccountFromLink(asDb(tx), link, person)).toMatchObject({ ok: false })
      const admin = { id: 'demo-admin', role: 'admin', organisationId: demoIds.orgSeineMaritime, structureId: null }
      expect(await decideStructureAccount(asDb(tx), admin, asked.id, true)).toEqual({ ok: true })
      const decision = (await mailsTo(tx, CONTACT)).find((m) => m.kind === 'structure-account-decision')
      expect(decision?.subject).toBe('Passerelle\u00a0: votre demande de compte partenaire est acceptée')
      const [user] = await tx.select().from(s.users).where(eq(s.users.email, 'jeanne@sans-compte.example'))
      expect(user).toMatchObject({ structureId })
    })
  })

  it('a structure without an account nor a contact address is mailed by nobody', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const none = await setUp(tx, null)
      expect(none.result).toMatchObject({ ok: true, mailed: 0, linkSentTo: null })
    })
  })

  it('an expired link sends a new one to the structure’s address only, at most once an hour, audited', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { result } = await setUp(tx)
      const [mail] = await mailsTo(tx, CONTACT)
      const token = linkIn(mail!.text)
      const later = new Date(NOW.getTime() + 9 * DAY)
      expect(await openAnswerLink(asDb(tx), token, later)).toMatchObject({
        kind: 'expired',
        offerName: 'Aide au permis',
      })
      expect(await applyOfValidLink(asDb(tx), token, later)).toBeNull()
      expect(await renewAnswerLink(asDb(tx), token, later)).toEqual({ ok: true, sentTo: 'a••••••@sans-compte.example' })
      expect(await renewAnswerLink(asDb(tx), token, new Date(later.getTime() + 30 * 60_000))).toEqual({
        ok: false,
        error: LINK_MESSAGES.tooSoon,
      })
      expect(await renewAnswerLink(asDb(tx), `${token.slice(0, -2)}xx`, later)).toEqual({
        ok: false,
        error: LINK_MESSAGES.invalid,
      })
      const mails = await mailsTo(tx, CONTACT)
      expect(mails.map((m) => m.kind).sort()).toEqual(['prescription-created-link', 'prescription-link-renewed'])
      const fresh = linkIn(mails.find((m) => m.kind === 'prescription-link-renewed')!.text)
      expect(checkAnswerLink(fresh, later)).toMatchObject({ kind: 'valid', applyId: result.ok && result.applyId })
      expect(await renewAnswerLink(asDb(tx), token, new Date(later.getTime() + 61 * 60_000))).toMatchObject({
        ok: true,
      })
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_log where action = 'prescription.linkRenewed' and entity_id = ${result.ok && result.applyId}`,
      )
      expect(rows[0]!.n).toBe(2)
    })
  })

  it('the reminder of a structure without an account goes to its address, with a fresh link', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { result } = await setUp(tx)
      const [org] = await tx
        .select({ days: s.organisations.answerReminderDays })
        .from(s.organisations)
        .where(eq(s.organisations.id, demoIds.orgSeineMaritime))
      const at = new Date(NOW.getTime() + (org!.days + 1) * DAY)
      expect(await remindPendingPrescriptions(asDb(tx), at, demoIds.orgSeineMaritime)).toBeGreaterThanOrEqual(1)
      const reminder = (await mailsTo(tx, CONTACT)).find((m) => m.kind === 'prescription-reminder-link')!
      expect(reminder.subject).toBe('Relance\u00a0: une prescription attend votre réponse')
      expect(checkAnswerLink(linkIn(reminder.text), at)).toMatchObject({
        kind: 'valid',
        applyId: result.ok && result.applyId,
        expiresAt: new Date(at.getTime() + 8 * DAY),
      })
      // Nobody there sees a pending tab: it is reminded again at each reminder delay, not before.
      const reminders = async () =>
        (await mailsTo(tx, CONTACT)).filter((m) => m.kind === 'prescription-reminder-link').length
      await remindPendingPrescriptions(
        asDb(tx),
        new Date(at.getTime() + (org!.days - 1) * DAY),
        demoIds.orgSeineMaritime,
      )
      expect(await reminders()).toBe(1)
      await remindPendingPrescriptions(
        asDb(tx),
        new Date(at.getTime() + (org!.days + 1) * DAY),
        demoIds.orgSeineMaritime,
      )
      expect(await reminders()).toBe(2)
    })
  })
})
