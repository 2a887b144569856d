import { verifyPassword } from 'better-auth/crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { REFUSAL_CAUSES } from '@/lib/prescriptions/cause-labels'
import { parisTextSql } from '@/lib/dates-sql'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoIds, seedDemoIfEmpty } from '@/db/seed'
import { DEMO_INVITATION_THEME, demoInvitationLink } from '@/db/seed/invitations'
import { checkName } from '@/lib/invitations/booking'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

const db = useTestDb()

/** Today's date in Paris as 'yyyy-mm-dd', computed by PostgreSQL rather than by the code under test. */
async function parisToday(): Promise<string> {
  const { rows } = await db.execute<{ today: string }>(sql`select ${parisTextSql(sql`now()`, 'YYYY-MM-DD')} as today`)
  return rows[0]!.today
}

const TABLES = [
  'organisations',
  'partner_structures',
  '"user"',
  'account',
  'places',
  'candidate_statuses',
  'social_offers',
  'candidates',
  'documents',
  'social_applies',
  'fups',
] as const

async function rowCounts(handle: Db | Tx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of TABLES) {
    const { rows } = await handle.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))
    counts[table] = rows[0]!.n
  }
  return counts
}

async function appliesOf(offerId: string) {
  return db
    .select({
      id: s.socialApplies.id,
      state: s.socialApplies.state,
      structureId: s.socialApplies.structureId,
      archived: s.socialApplies.archived,
      cause: s.socialApplies.cause,
      documentId: s.socialApplies.prescriptionDocumentId,
      fupId: s.fups.id,
    })
    .from(s.socialApplies)
    .leftJoin(s.fups, eq(s.fups.socialApplyId, s.socialApplies.id))
    .where(eq(s.socialApplies.socialOfferId, offerId))
}

describe('demo accounts', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a] as const))(
    '%s exists with its role and tenant',
    async (email, account) => {
      const [user] = await db.select().from(s.users).where(eq(s.users.email, email))
      expect(user).toMatchObject({
        role: account.role,
        firstName: account.firstName,
        lastName: account.lastName,
        disabled: false,
      })
      expect(user!.organisationId).toBe('org' in account ? demoIds[account.org] : null)
      expect(user!.structureId).toBe('structure' in account ? demoIds[account.structure] : null)
    },
  )

  it('has the four main roles among the demo accounts', async () => {
    const rows = await db
      .select({ email: s.users.email, role: s.users.role })
      .from(s.users)
      .where(
        inArray(s.users.email, [
          'admin@passerelle.test',
          'referent@passerelle.test',
          'partenaire@passerelle.test',
          'conseiller@passerelle.test',
        ]),
      )
    expect(Object.fromEntries(rows.map((r) => [r.email, r.role]))).toEqual({
      'admin@passerelle.test': 'admin',
      'referent@passerelle.test': 'referent',
      'partenaire@passerelle.test': 'fullPartner',
      'conseiller@passerelle.test': 'counsellor',
    })
  })

  it("puts partenaire@passerelle.test in the structure 'Mobilité Solidaire'", async () => {
    const [row] = await db
      .select({ structure: s.partnerStructures.name, organisationId: s.users.organisationId })
      .from(s.users)
      .innerJoin(s.partnerStructures, eq(s.partnerStructures.id, s.users.structureId))
      .where(eq(s.users.email, 'partenaire@passerelle.test'))
    expect(row).toEqual({ structure: 'Mobilité Solidaire', organisationId: null })
  })

  it("puts referent@passerelle.test in the organisation 'Département de Seine-Maritime'", async () => {
    const [row] = await db
      .select({ organisation: s.organisations.name, structureId: s.users.structureId })
      .from(s.users)
      .innerJoin(s.organisations, eq(s.organisations.id, s.users.organisationId))
      .where(eq(s.users.email, 'referent@passerelle.test'))
    expect(row).toEqual({ organisation: 'Département de Seine-Maritime', structureId: null })
  })

  it(`gives every demo account a credential account whose password is '${DEMO_PASSWORD}'`, async () => {
    expect(DEMO_PASSWORD).toBe('Passerelle-Demo-2026!')
    const rows = await db
      .select({ email: s.users.email, password: s.accounts.password })
      .from(s.users)
      .innerJoin(s.accounts, and(eq(s.accounts.userId, s.users.id), eq(s.accounts.providerId, 'credential')))
      .where(
        inArray(
          s.users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      )
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort())
    for (const row of rows) {
      expect(row.password, row.email).toBeTruthy()
      expect(await verifyPassword({ hash: row.password!, password: 'Passerelle-Demo-2026!' }), row.email).toBe(true)
      expect(await verifyPassword({ hash: row.password!, password: 'passerelle-demo-2026!' }), row.email).toBe(false)
    }
  })
})

describe("offer 'Permis de conduire solidaire'", () => {
  it("belongs to 'Mobilité Solidaire', is financed by fse and ends in the future", async () => {
    const [offer] = await db
      .select({
        name: s.socialOffers.name,
        providerName: s.socialOffers.providerName,
        structureName: s.partnerStructures.name,
        financingModes: s.socialOffers.financingModes,
        serviceEndDate: s.socialOffers.serviceEndDate,
      })
      .from(s.socialOffers)
      .innerJoin(s.partnerStructures, eq(s.partnerStructures.id, s.socialOffers.structureId))
      .where(eq(s.socialOffers.id, demoIds.offerPermis))
    expect(offer).toMatchObject({
      name: 'Permis de conduire solidaire',
      providerName: 'Mobilité Solidaire',
      structureName: 'Mobilité Solidaire',
    })
    expect(offer!.financingModes).toContain('fse')
    expect(offer!.serviceEndDate).not.toBeNull()
    expect(offer!.serviceEndDate! > (await parisToday())).toBe(true)
  })

  it('has at least 3 pending applies with a FUP and a PDF prescription, and exactly 1 manual one', async () => {
    const pending = (await appliesOf(demoIds.offerPermis)).filter(
      (a) => a.state === 'PRESCRIPTION_FILLED' && !a.archived,
    )
    const withSheet = pending.filter((a) => a.fupId && a.documentId)
    const manual = pending.filter((a) => !a.documentId)
    expect(withSheet.length).toBeGreaterThanOrEqual(3)
    expect(manual).toHaveLength(1)

    const docs = await db
      .select({ name: s.documents.name, mimeType: s.documents.mimeType, content: s.documents.content })
      .from(s.documents)
      .where(
        inArray(
          s.documents.id,
          withSheet.map((a) => a.documentId!),
        ),
      )
    expect(docs).toHaveLength(withSheet.length)
    for (const doc of docs) {
      expect(doc).toMatchObject({ name: 'Fiche.pdf', mimeType: 'application/pdf' })
      expect(doc.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    }
  })

  it('has 2 integrated applies and 2 refused ones with a known cause', async () => {
    const applies = (await appliesOf(demoIds.offerPermis)).filter((a) => !a.archived)
    const integrated = applies.filter((a) => a.state === 'INTEGRATED_CANDIDATE')
    const refused = applies.filter((a) => a.state === 'REFUSED_STRUCTURE')
    expect(integrated).toHaveLength(2)
    expect(refused).toHaveLength(2)
    for (const apply of integrated) expect(apply.cause).toBeNull()
    for (const apply of refused) expect(REFUSAL_CAUSES).toContain(apply.cause)
  })

  it("records the partner's decision on the FUP of each answered apply", async () => {
    const rows = await db
      .select({ state: s.socialApplies.state, cause: s.socialApplies.cause, feedback: s.fups.partnerFeedback })
      .from(s.socialApplies)
      .innerJoin(s.fups, eq(s.fups.socialApplyId, s.socialApplies.id))
      .where(
        and(
          eq(s.socialApplies.socialOfferId, demoIds.offerPermis),
          sql`${s.socialApplies.state} <> 'PRESCRIPTION_FILLED'`,
        ),
      )
    expect(rows).toHaveLength(4)
    for (const row of rows) {
      expect(row.feedback?.decision.partnerDecision).toBe(
        row.state === 'INTEGRATED_CANDIDATE' ? 'integrated' : 'notIntegrated',
      )
      expect(row.feedback?.decision.cause ?? null).toBe(row.cause)
    }
  })
})

describe('the other demo offers', () => {
  it("include a second offer of 'Mobilité Solidaire' with no application", async () => {
    const [offer] = await db.select().from(s.socialOffers).where(eq(s.socialOffers.id, demoIds.offerScooter))
    expect(offer?.structureId).toBe(demoIds.structureMobilite)
    expect(await appliesOf(demoIds.offerScooter)).toEqual([])
  })

  it('include an expired offer', async () => {
    const [offer] = await db.select().from(s.socialOffers).where(eq(s.socialOffers.id, demoIds.offerExpired))
    expect(offer?.serviceEndDate).not.toBeNull()
    expect(offer!.serviceEndDate! < (await parisToday())).toBe(true)
  })

  it('include a permanent offer, without start or end date', async () => {
    const [offer] = await db.select().from(s.socialOffers).where(eq(s.socialOffers.id, demoIds.offerPermanent))
    expect(offer).toMatchObject({ serviceStartDate: null, serviceEndDate: null })
  })

  it("include another structure's offer with applies of its own", async () => {
    const [offer] = await db
      .select({ structureId: s.socialOffers.structureId, structureName: s.partnerStructures.name })
      .from(s.socialOffers)
      .innerJoin(s.partnerStructures, eq(s.partnerStructures.id, s.socialOffers.structureId))
      .where(eq(s.socialOffers.id, demoIds.offerHabitat))
    expect(offer?.structureId).not.toBe(demoIds.structureMobilite)
    const applies = await appliesOf(demoIds.offerHabitat)
    expect(applies.length).toBeGreaterThan(0)
    for (const apply of applies) expect(apply.structureId).toBe(offer!.structureId)
  })

  it("file every apply under its offer's structure", async () => {
    const mismatched = await db
      .select({ id: s.socialApplies.id })
      .from(s.socialApplies)
      .innerJoin(s.socialOffers, eq(s.socialOffers.id, s.socialApplies.socialOfferId))
      .where(sql`${s.socialApplies.structureId} <> ${s.socialOffers.structureId}`)
    expect(mismatched).toEqual([])
  })
})

describe('seedDemoIfEmpty', () => {
  it('leaves a seeded database alone', async () => {
    const before = await rowCounts(db)
    expect(before.organisations).toBeGreaterThan(0)
    expect(await seedDemoIfEmpty(db)).toBe(false)
    expect(await rowCounts(db)).toEqual(before)
  })

  it('seeds an empty database once, then returns false and changes nothing', async () => {
    const seededCounts = await rowCounts(db)
    const outcome = await inRolledBackTransaction(db, async (tx) => {
      await tx.execute(
        sql`truncate organisations, partner_structures, "user", documents, challenges, settings_list_entries, amp_list_entries restart identity cascade`,
      )
      const emptied = await rowCounts(tx)
      // seedDemoIfEmpty opens its own transaction; inside ours it becomes a savepoint.
      const asDb = tx as unknown as Db
      const first = await seedDemoIfEmpty(asDb)
      const afterFirst = await rowCounts(tx)
      const second = await seedDemoIfEmpty(asDb)
      const afterSecond = await rowCounts(tx)
      return { emptied, first, afterFirst, second, afterSecond }
    })
    expect(Object.values(outcome.emptied).every((n) => n === 0)).toBe(true)
    expect(outcome.first).toBe(true)
    expect(outcome.afterFirst).toEqual(seededCounts)
    expect(outcome.second).toBe(false)
    expect(outcome.afterSecond).toEqual(outcome.afterFirst)
    expect(await rowCounts(db)).toEqual(seededCounts)
  })
})

describe('the demo invitations', () => {
  it('has one invitation per follow-up state, and a printable link whose letters open it', async () => {
    const rows = await db
      .select({
        status: s.invitations.status,
        expiresAt: s.invitations.expiresAt,
        attendance: s.workshopRegistrations.attendance,
      })
      .from(s.invitations)
      .leftJoin(s.workshopRegistrations, eq(s.workshopRegistrations.id, s.invitations.registrationId))
      .where(eq(s.invitations.theme, DEMO_INVITATION_THEME))
    const now = new Date()
    const states = rows.map((r) =>
      r.status === 'pending'
        ? r.expiresAt! > now
          ? 'pending'
          : 'expired'
        : r.status === 'booked'
          ? (r.attendance ?? 'booked')
          : r.status,
    )
    expect(states.sort()).toEqual(['booked', 'declined', 'excused', 'expired', 'pending', 'present', 'unexcused'])
    const demo = await demoInvitationLink(db)
    expect(demo?.link).toMatch(/\/i\/[A-HJ-NP-Z2-9]{8}$/)
    // Karim Benali's invitation: "BEN" passes the name check.
    expect(demo?.letters).toBe('BEN')
    const checked = await inRolledBackTransaction(db, (tx) =>
      checkName(tx as unknown as Db, demo!.link.slice(-8), 'ben', new Date()),
    )
    expect(checked.ok).toBe(true)
  })
})
