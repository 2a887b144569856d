import { randomUUID } from 'node:crypto'
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { listName } from '@/lib/person-name'
import { cancelRegistration, markAllPresent, registerCandidates, setAttendance } from '@/lib/workshops/registrations'
import { reminderTime, runWorkshopReminders } from '@/lib/workshops/reminders'
import { renderSignInSheet } from '@/lib/workshops/sign-in-sheet'
import { listNotices, saveNotice } from '@/lib/workshops/notice-templates'
import { noticeSchema } from '@/lib/workshops/notices'
import { spawnSync } from 'node:child_process'
import { cancelWorkshop, createWorkshop, updateWorkshop } from '@/lib/workshops/workshops'
import { listWorkshops } from '@/lib/workshops/queries'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// Workshops: seats and waitlist, the seat race, promotions, attendance, convocations, isolation.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-conseiller' }
const LYON = { organisationId: demoIds.orgLyon, actorId: 'demo-referent-lyon' }
const NOW = new Date('2026-11-25T09:00:00Z')
const workshop = {
  title: 'Atelier CV',
  theme: 'Emploi',
  description: 'Rédiger son CV.',
  startsAt: '2026-12-03T14:00',
  endsAt: '2026-12-03T16:30',
  addressFormatted: 'Maison de l’emploi, 76000 Rouen',
  capacity: 2,
  facilitatorIds: ['demo-conseiller'],
}

async function seineCandidates(tx: Tx, n: number) {
  // Candidates who can get an SMS (a mobile number, not opted out).
  const rows = await tx
    .select({ id: s.candidates.id })
    .from(s.candidates)
    .where(
      and(
        eq(s.candidates.organisationId, SM.organisationId),
        isNull(s.candidates.smsOptedOutAt),
        isNotNull(s.candidates.phone),
      ),
    )
    .orderBy(s.candidates.lastName)
    .limit(n)
  return rows.map((r) => r.id)
}
const smsOf = (tx: Tx, kind: string) =>
  tx
    .select({ candidateId: s.smsMessages.candidateId, body: s.smsMessages.body })
    .from(s.smsMessages)
    .where(eq(s.smsMessages.kind, kind))

describe('workshops', () => {
  it('the dashboard lists the not-yet-ended soonest first, the one under way first of all, then the ended latest first, with both counts', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [organisation] = await tx
        .insert(s.organisations)
        .values({ name: `Ateliers ${randomUUID().slice(0, 8)}` })
        .returning()
      const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000)
      // 70 ended (one a day, the latest yesterday), one under way (started 3 days ago, ends tomorrow), 60 to come
      // (one a day from tomorrow), one to come without an end, one ended without an end.
      const rows = [
        ...Array.from({ length: 70 }, (_, i) => ({
          name: `Passé ${i + 1}`,
          startsAt: at(-24 * (i + 1)),
          endsAt: at(-24 * (i + 1) + 2),
        })),
        { name: 'En cours', startsAt: at(-72), endsAt: at(24) },
        ...Array.from({ length: 60 }, (_, i) => ({
          name: `À venir ${i + 1}`,
          startsAt: at(24 * (i + 1)),
          endsAt: at(24 * (i + 1) + 2),
        })),
        { name: 'À venir sans fin', startsAt: at(24 * 30 + 1), endsAt: null },
        { name: 'Passé sans fin', startsAt: at(-1), endsAt: null },
        // Without a start (none is created so, but the column allows it): after every other, as an ascending order puts them.
        { name: 'Sans début', startsAt: null, endsAt: at(48) },
      ]
      await tx.insert(s.workshops).values(rows.map((r) => ({ ...r, organisationId: organisation!.id })))
      const upcoming = await listWorkshops(asDb(tx), organisation!.id, { tab: 'upcoming' }, NOW)
      expect(upcoming.counts).toEqual({ upcoming: 63, past: 71 })
      expect(upcoming.rows).toHaveLength(50)
      const expected = [
        'En cours',
        ...Array.from({ length: 30 }, (_, i) => `À venir ${i + 1}`),
        'À venir sans fin',
        ...Array.from({ length: 30 }, (_, i) => `À venir ${i + 31}`),
        'Sans début',
      ]
      expect(upcoming.rows.map((r) => r.name)).toEqual(expected.slice(0, 50))
      const second = await listWorkshops(asDb(tx), organisation!.id, { tab: 'upcoming', page: 2 }, NOW)
      expect(second.rows.map((r) => r.name)).toEqual(expected.slice(50))
      const past = await listWorkshops(asDb(tx), organisation!.id, { tab: 'past' }, NOW)
      expect(past.rows.map((r) => r.name).slice(0, 3)).toEqual(['Passé sans fin', 'Passé 1', 'Passé 2'])
      // The counts follow the filters: five to come and three ended of one theme.
      await tx
        .update(s.workshops)
        .set({ theme: 'Emploi' })
        .where(
          and(
            eq(s.workshops.organisationId, organisation!.id),
            inArray(s.workshops.name, [
              'À venir 1',
              'À venir 2',
              'À venir 3',
              'En cours',
              'Sans début',
              'Passé 1',
              'Passé 2',
              'Passé sans fin',
            ]),
          ),
        )
      const themed = await listWorkshops(asDb(tx), organisation!.id, { tab: 'past', theme: 'Emploi' }, NOW)
      expect(themed.counts).toEqual({ upcoming: 5, past: 3 })
      expect(themed.rows.map((r) => r.name)).toEqual(['Passé sans fin', 'Passé 1', 'Passé 2'])
      // Nothing of another organisation's.
      expect(
        (await listWorkshops(asDb(tx), SM.organisationId, { tab: 'upcoming' }, NOW)).rows.every(
          (r) => !r.name.startsWith('À venir ') && r.name !== 'En cours',
        ),
      ).toBe(true)
    })
  })

  it('checks its fields, French messages, nothing written', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const before = await tx.select({ n: count() }).from(s.workshops)
      expect(
        await createWorkshop(
          asDb(tx),
          SM,
          { ...workshop, startsAt: '2026-11-20T10:00', endsAt: '2026-11-20T12:00' },
          NOW,
        ),
      ).toMatchObject({ ok: false, fieldErrors: { startsAt: 'Un atelier ne peut pas commencer dans le passé.' } })
      expect(await createWorkshop(asDb(tx), SM, { ...workshop, endsAt: '2026-12-03T13:00' }, NOW)).toMatchObject({
        ok: false,
        fieldErrors: { endsAt: 'La fin doit être après le début.' },
      })
      expect(await createWorkshop(asDb(tx), SM, { ...workshop, capacity: 201 }, NOW)).toMatchObject({
        ok: false,
        fieldErrors: { capacity: 'La capacité est comprise entre 1 et 200 places.' },
      })
      expect(
        await createWorkshop(asDb(tx), SM, { ...workshop, addressFormatted: '', videoUrl: '' }, NOW),
      ).toMatchObject({
        ok: false,
        fieldErrors: { addressFormatted: 'Indiquez une adresse ou un lien de visioconférence.' },
      })
      expect(
        await createWorkshop(asDb(tx), SM, { ...workshop, facilitatorIds: ['demo-referent-lyon'] }, NOW),
      ).toMatchObject({
        ok: false,
        fieldErrors: { facilitatorIds: 'Un des animateurs choisis n’est pas un membre de votre organisation.' },
      })
      expect(await tx.select({ n: count() }).from(s.workshops)).toEqual(before)
      const created = await createWorkshop(asDb(tx), SM, workshop, NOW)
      if (!created.ok) throw new Error(created.error)
      const [row] = await tx.select().from(s.workshops).where(eq(s.workshops.id, created.id))
      // 14:00 in Paris, in winter, is 13:00 UTC.
      expect(row).toMatchObject({
        name: 'Atelier CV',
        capacity: 2,
        startsAt: new Date('2026-12-03T13:00:00Z'),
        endsAt: new Date('2026-12-03T15:30:00Z'),
        seatsTaken: 0,
      })
    })
  })

  it('sends the organisation’s own convocation text, with the workshop’s and the candidate’s values; an unknown variable is refused', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const refused = noticeSchema.safeParse({ kind: 'convocation', body: 'RDV {atelier} le {jour}' })
      expect(refused.success ? '' : refused.error.issues[0]!.message).toMatch(
        /^Cette variable n’existe pas : \{jour\}\. Variables possibles : .*\{atelier\}, \{date\}, \{heure\}, \{lieu\}\.$/,
      )
      expect(noticeSchema.safeParse({ kind: 'rappel', body: 'x' }).error?.issues[0]!.message).toBe(
        'Ce message d’atelier n’existe pas.',
      )
      await saveNotice(
        asDb(tx),
        { id: 'demo-admin', organisationId: SM.organisationId },
        'convocation',
        '{prenom}, RDV «\u00a0{atelier}\u00a0» le {date} à {heure} {lieu}. Référent : {telephone_referent}',
        NOW,
      )
      // Another organisation keeps Passerelle's text.
      expect((await listNotices(asDb(tx), LYON.organisationId)).find((n) => n.kind === 'convocation')).toMatchObject({
        custom: false,
      })
      const created = await createWorkshop(asDb(tx), SM, { ...workshop, title: 'Atelier {nom}' }, NOW)
      if (!created.ok) throw new Error(created.error)
      const [a] = (await seineCandidates(tx, 1)) as [string]
      const [candidate] = await tx
        .select({ firstName: s.candidates.firstName })
        .from(s.candidates)
        .where(eq(s.candidates.id, a))
      await registerCandidates(asDb(tx), SM, created.id, { candidateIds: [a] }, NOW)
      const [sms] = await smsOf(tx, 'workshop.convocation')
      // A brace typed in the title is not a variable.
      expect(sms!.body).toBe(
        `${candidate!.firstName}, RDV «\u00a0Atelier nom\u00a0» le 03/12/2026 à 14h00 au Maison de l’emploi, 76000 Rouen. Référent : 0601020304`,
      )
      // Back to Passerelle's text.
      await saveNotice(asDb(tx), { id: 'demo-admin', organisationId: SM.organisationId }, 'convocation', null, NOW)
      expect((await listNotices(asDb(tx), SM.organisationId)).find((n) => n.kind === 'convocation')).toMatchObject({
        custom: false,
        body: expect.stringMatching(/^Bonjour \{prenom\}, nous vous convoquons/),
      })
    })
  })

  it('beyond capacity, candidates wait in order; a cancellation seats the first of the waitlist, who is told; convocations are queued', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createWorkshop(asDb(tx), SM, workshop, NOW)
      if (!created.ok) throw new Error(created.error)
      const [a, b, c] = (await seineCandidates(tx, 3)) as [string, string, string]
      expect(await registerCandidates(asDb(tx), SM, created.id, { candidateIds: [a, b, c] }, NOW)).toEqual({
        ok: true,
        registered: 2,
        waitlisted: 1,
        alreadyRegistered: 0,
        convocations: 2,
      })
      const again = await registerCandidates(asDb(tx), SM, created.id, { candidateIds: [c] }, NOW)
      expect(again.ok ? '' : again.error).toMatch(/^Déjà inscrit à cet atelier/)
      // The candidates dashboard's selection: those already registered are left out and counted, nothing else changes.
      const skipping = { skipRegistered: true }
      expect(await registerCandidates(asDb(tx), SM, created.id, { candidateIds: [c, a] }, NOW, skipping)).toEqual({
        ok: true,
        registered: 0,
        waitlisted: 0,
        alreadyRegistered: 2,
        convocations: 0,
      })
      const convocations = await smsOf(tx, 'workshop.convocation')
      expect(convocations.map((m) => m.candidateId).sort()).toEqual([a, b].sort())
      expect(convocations[0]!.body).toContain(
        'l’atelier «\u00a0Atelier CV\u00a0» le 03/12/2026 à 14h00, au Maison de l’emploi, 76000 Rouen.',
      )
      // The candidates' referent (Romain Leroy, 06 01 02 03 04 in the demo data) is who to call.
      expect(convocations[0]!.body).toContain('Votre référent\u00a0: 0601020304.')
      const registrations = await tx
        .select()
        .from(s.workshopRegistrations)
        .where(eq(s.workshopRegistrations.workshopId, created.id))
      const ofA = registrations.find((r) => r.candidateId === a)!
      expect(await cancelRegistration(asDb(tx), SM, ofA.id, NOW)).toEqual({ ok: true, promoted: 1 })
      const [promoted] = await tx
        .select()
        .from(s.workshopRegistrations)
        .where(and(eq(s.workshopRegistrations.workshopId, created.id), eq(s.workshopRegistrations.candidateId, c)))
      expect(promoted).toMatchObject({ status: 'registered', promotedAt: NOW })
      expect((await smsOf(tx, 'workshop.promotion')).map((m) => m.candidateId)).toEqual([c])
      expect((await tx.select().from(s.workshops).where(eq(s.workshops.id, created.id)))[0]).toMatchObject({
        seatsTaken: 2,
        waitlistCount: 0,
      })
      // A capacity below the seats taken is refused; other organisations find nothing.
      expect(await updateWorkshop(asDb(tx), SM, created.id, { ...workshop, capacity: 1 }, NOW)).toMatchObject({
        ok: false,
        fieldErrors: { capacity: 'La capacité ne peut pas être inférieure aux 2 places déjà prises.' },
      })
      expect(await updateWorkshop(asDb(tx), LYON, created.id, workshop, NOW)).toMatchObject({
        ok: false,
        notFound: true,
      })
      expect(await registerCandidates(asDb(tx), LYON, created.id, { candidateIds: [a] }, NOW)).toMatchObject({
        ok: false,
        notFound: true,
      })
      expect(await cancelRegistration(asDb(tx), LYON, promoted!.id, NOW)).toMatchObject({ ok: false, notFound: true })
      const [lyonCandidate] = await tx
        .select({ id: s.candidates.id })
        .from(s.candidates)
        .where(eq(s.candidates.organisationId, LYON.organisationId))
      expect(
        await registerCandidates(asDb(tx), SM, created.id, { candidateIds: [lyonCandidate!.id] }, NOW),
      ).toMatchObject({ ok: false, error: 'Un des candidats choisis est introuvable.' })
      // A moved date tells the registered.
      expect(
        await updateWorkshop(
          asDb(tx),
          SM,
          created.id,
          { ...workshop, startsAt: '2026-12-04T09:30', endsAt: '2026-12-04T11:00' },
          NOW,
        ),
      ).toEqual({ ok: true })
      const changes = await smsOf(tx, 'workshop.change')
      expect(changes.map((m) => m.candidateId).sort()).toEqual([b, c].sort())
      expect(changes[0]!.body).toContain('il aura lieu le 04/12/2026 à 09h30')
      // Attendance: not before the start; then one by one, and "Tous présents" for the rest.
      const seated = await tx
        .select()
        .from(s.workshopRegistrations)
        .where(
          and(eq(s.workshopRegistrations.workshopId, created.id), eq(s.workshopRegistrations.status, 'registered')),
        )
      expect(await setAttendance(asDb(tx), SM, seated[0]!.id, { attendance: 'present' }, NOW)).toMatchObject({
        ok: false,
        error: 'La présence se note une fois l’atelier commencé.',
      })
      const after = new Date('2026-12-04T09:00:00Z')
      expect(await setAttendance(asDb(tx), SM, seated[0]!.id, { attendance: 'excused' }, after)).toEqual({
        ok: true,
        stepsDone: 0,
      })
      expect(await markAllPresent(asDb(tx), SM, created.id, after)).toEqual({ ok: true, marked: 1, stepsDone: 0 })
      expect(await updateWorkshop(asDb(tx), SM, created.id, { ...workshop, capacity: 5 }, after)).toMatchObject({
        ok: false,
        error: 'Cet atelier a déjà commencé\u00a0: il ne se modifie plus et ne s’annule plus.',
      })
      expect(await cancelWorkshop(asDb(tx), SM, created.id, after)).toMatchObject({ ok: false })
      const marks = await tx
        .select({ attendance: s.workshopRegistrations.attendance })
        .from(s.workshopRegistrations)
        .where(
          and(eq(s.workshopRegistrations.workshopId, created.id), eq(s.workshopRegistrations.status, 'registered')),
        )
      expect(marks.map((m) => m.attendance).sort()).toEqual(['excused', 'present'])
      // The workshop's attendance counters (kept by a trigger) follow; an excused mark changed to present moves between them.
      const counters = async () =>
        (
          await tx
            .select({
              present: s.workshops.presentCount,
              excused: s.workshops.excusedCount,
              unexcused: s.workshops.unexcusedCount,
            })
            .from(s.workshops)
            .where(eq(s.workshops.id, created.id))
        )[0]
      expect(await counters()).toEqual({ present: 1, excused: 1, unexcused: 0 })
      expect(await setAttendance(asDb(tx), SM, seated[0]!.id, { attendance: 'unexcused' }, after)).toEqual({
        ok: true,
        stepsDone: 0,
      })
      expect(await counters()).toEqual({ present: 1, excused: 0, unexcused: 1 })
      await cancelRegistration(asDb(tx), SM, seated[0]!.id, after)
      expect(await counters()).toEqual({ present: 1, excused: 0, unexcused: 0 })
    })
  })

  it('counts the convocations queued: none for a full workshop, none for a candidate without a mobile', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createWorkshop(asDb(tx), SM, { ...workshop, capacity: 2 }, NOW)
      if (!created.ok) throw new Error(created.error)
      const [a, d] = (await seineCandidates(tx, 2)) as [string, string]
      const [noMobile] = await tx
        .insert(s.candidates)
        .values({ organisationId: SM.organisationId, firstName: 'Sans', lastName: 'Mobile', phone: null })
        .returning({ id: s.candidates.id })
      // Two seats: both seated, one convocation (the other has no number to send it to).
      expect(await registerCandidates(asDb(tx), SM, created.id, { candidateIds: [a, noMobile!.id] }, NOW)).toEqual({
        ok: true,
        registered: 2,
        waitlisted: 0,
        alreadyRegistered: 0,
        convocations: 1,
      })
      // Now full: one more is waitlisted and nothing is sent to them.
      expect(await registerCandidates(asDb(tx), SM, created.id, { candidateIds: [d] }, NOW)).toEqual({
        ok: true,
        registered: 0,
        waitlisted: 1,
        alreadyRegistered: 0,
        convocations: 0,
      })
      expect((await smsOf(tx, 'workshop.convocation')).map((m) => m.candidateId)).toEqual([a])
    })
  })

  it('a cancelled workshop tells every registered and waitlisted candidate by SMS, and by email where one exists', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createWorkshop(asDb(tx), SM, { ...workshop, capacity: 1 }, NOW)
      if (!created.ok) throw new Error(created.error)
      const ids = await seineCandidates(tx, 2)
      await registerCandidates(asDb(tx), SM, created.id, { candidateIds: ids }, NOW)
      expect(await cancelWorkshop(asDb(tx), SM, created.id, NOW)).toEqual({ ok: true, told: 2 })
      expect((await smsOf(tx, 'workshop.cancellation')).map((m) => m.candidateId).sort()).toEqual([...ids].sort())
      const mails = await tx.select().from(s.outboundMails).where(eq(s.outboundMails.kind, 'workshop-cancellation'))
      expect(mails).toHaveLength(2)
      expect(mails[0]!.subject).toBe('Atelier annulé\u00a0: Atelier CV')
      expect(await registerCandidates(asDb(tx), SM, created.id, { candidateIds: ids }, NOW)).toMatchObject({
        ok: false,
        error: 'Cet atelier est annulé.',
      })
    })
  })

  it('two counsellors taking the last seat at once: exactly one candidate gets it, the other is waitlisted', async () => {
    const organisationId = throwaway(
      (
        await db
          .insert(s.organisations)
          .values({ name: `Ateliers ${randomUUID().slice(0, 8)}` })
          .returning()
      )[0]!.id,
    )
    const actor = { organisationId, actorId: 'demo-conseiller' }
    const people = await db
      .insert(s.candidates)
      .values([
        { organisationId, firstName: 'Ana', lastName: 'Lopes' },
        { organisationId, firstName: 'Ben', lastName: 'Morel' },
      ])
      .returning({ id: s.candidates.id })
    // Another date than the reminders' test below: this workshop is committed (a throwaway organisation).
    const created = await createWorkshop(
      db,
      actor,
      { ...workshop, startsAt: '2026-12-20T14:00', endsAt: '2026-12-20T16:00', capacity: 1, facilitatorIds: [] },
      NOW,
    )
    if (!created.ok) throw new Error(created.error)
    const outcomes = await Promise.all(
      people.map((p) => registerCandidates(db, actor, created.id, { candidateIds: [p.id] }, NOW)),
    )
    expect(outcomes.map((o) => (o.ok ? [o.registered, o.waitlisted] : o.error)).sort()).toEqual([
      [0, 1],
      [1, 0],
    ])
    const rows = await db
      .select({ status: s.workshopRegistrations.status })
      .from(s.workshopRegistrations)
      .where(eq(s.workshopRegistrations.workshopId, created.id))
    expect(rows.map((r) => r.status).sort()).toEqual(['registered', 'waitlisted'])
    expect((await db.select().from(s.workshops).where(eq(s.workshops.id, created.id)))[0]).toMatchObject({
      seatsTaken: 1,
      waitlistCount: 1,
    })
  })

  it('reminds the seated the day before at 10:00 Paris, once, and again after a move (fixed clock)', async () => {
    expect(reminderTime(new Date('2026-12-03T13:00:00Z')).toISOString()).toBe('2026-12-02T09:00:00.000Z')
    // The day before the change to summer time: 10:00 is still UTC+1 on 27 March 2027.
    expect(reminderTime(new Date('2027-03-28T12:00:00Z')).toISOString()).toBe('2027-03-27T09:00:00.000Z')
    await inRolledBackTransaction(db, async (tx) => {
      // Only this test's workshop: the demo's coming workshop is far off.
      const created = await createWorkshop(asDb(tx), SM, workshop, NOW)
      if (!created.ok) throw new Error(created.error)
      const ids = await seineCandidates(tx, 3)
      await registerCandidates(asDb(tx), SM, created.id, { candidateIds: ids }, NOW)
      const reminders = async () => (await smsOf(tx, 'workshop.reminder')).map((m) => m.candidateId).sort()
      expect(await runWorkshopReminders(asDb(tx), new Date('2026-12-02T08:59:00Z'))).toBe(0)
      expect(await runWorkshopReminders(asDb(tx), new Date('2026-12-02T09:00:00Z'))).toBe(2)
      expect(await reminders()).toEqual(ids.slice(0, 2).sort())
      expect((await smsOf(tx, 'workshop.reminder'))[0]!.body).toContain(
        'rappel\u00a0: atelier «\u00a0Atelier CV\u00a0» demain à 14h00',
      )
      // A second run (a retry, another worker) sends nothing more.
      expect(await runWorkshopReminders(asDb(tx), new Date('2026-12-02T10:00:00Z'))).toBe(0)
      // Moved to the 4th: reminded again the day before the new date, not before.
      expect(
        await updateWorkshop(
          asDb(tx),
          SM,
          created.id,
          { ...workshop, startsAt: '2026-12-04T14:00', endsAt: '2026-12-04T16:00' },
          new Date('2026-12-02T10:30:00Z'),
        ),
      ).toEqual({ ok: true })
      expect(await runWorkshopReminders(asDb(tx), new Date('2026-12-02T11:00:00Z'))).toBe(0)
      expect(await runWorkshopReminders(asDb(tx), new Date('2026-12-03T09:00:00Z'))).toBe(2)
      // Promoted after the reminder's time: the promotion is the reminder.
      const [first] = await tx
        .select()
        .from(s.workshopRegistrations)
        .where(
          and(eq(s.workshopRegistrations.workshopId, created.id), eq(s.workshopRegistrations.status, 'registered')),
        )
      expect(await cancelRegistration(asDb(tx), SM, first!.id, new Date('2026-12-03T09:30:00Z'))).toEqual({
        ok: true,
        promoted: 1,
      })
      expect(await runWorkshopReminders(asDb(tx), new Date('2026-12-03T10:00:00Z'))).toBe(0)
    })
  })

  it('the sign-in sheet lists the seated candidates with a signature column, the organisation, and the FSE+ mention', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createWorkshop(asDb(tx), SM, { ...workshop, fseFunded: true }, NOW)
      if (!created.ok) throw new Error(created.error)
      const ids = await seineCandidates(tx, 3)
      await registerCandidates(asDb(tx), SM, created.id, { candidateIds: ids }, NOW)
      const names = await tx
        .select({ firstName: s.candidates.firstName, lastName: s.candidates.lastName, id: s.candidates.id })
        .from(s.candidates)
        .where(inArray(s.candidates.id, ids))
      const sheet = await renderSignInSheet(tx, SM.organisationId, created.id)
      const text = spawnSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], {
        input: sheet!.pdf,
      }).stdout.toString('utf8')
      expect(text).toContain('Feuille d’émargement')
      expect(text).toContain('Département de Seine-Maritime')
      expect(text).toContain('Atelier CV')
      expect(text).toContain('Signature')
      expect(text).toContain('Cette action est cofinancée par l’Union européenne (Fonds social européen +).')
      const seated = ids.slice(0, 2).map((id) => names.find((n) => n.id === id)!)
      const waiting = names.find((n) => n.id === ids[2])!
      for (const p of seated) expect(text).toContain(listName(p))
      expect(text).not.toContain(listName(waiting))
      expect(await renderSignInSheet(tx, LYON.organisationId, created.id)).toBeNull()
    })
  })
})
