import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { demoIds } from '@/db/seed'
import { unseal } from '@/lib/crypto/sealed'
import { DAY_MS, formatDate } from '@/lib/dates'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { hashCode, invitationLink } from '@/lib/invitations/code'
import { inviteCandidates } from '@/lib/invitations/invite'
import { inviteAnswer, personSentence } from '@/lib/invitations/invite-feedback'
import { addressLines, groupedCode, letterOf, renderInvitationLetter } from '@/lib/invitations/letter'
import { INVITATION_MESSAGES } from '@/lib/invitations/messages'
import { smsTextToSend } from '@/lib/sms/sealed-body'
import { registerCandidates } from '@/lib/workshops/registrations'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Inviting to a workshop theme: the refusals (for all, per person, per channel), the SMS and its hashed code, the letter.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-conseiller' }
const NOW = new Date('2026-11-25T09:00:00Z')
const DAY = DAY_MS

/** A theme of the test's own, with one session of `capacity` seats `days` days from NOW. */
async function theme(tx: Tx, { days = 3, capacity = 10 } = {}) {
  const name = `Atelier test ${randomUUID().slice(0, 8)}`
  const [w] = await tx
    .insert(s.workshops)
    .values({
      organisationId: SM.organisationId,
      name,
      theme: name,
      startsAt: new Date(NOW.getTime() + days * DAY),
      endsAt: new Date(NOW.getTime() + days * DAY + 2 * 3_600_000),
      addressFormatted: 'Maison de l’emploi, 76000 Rouen',
      capacity,
    })
    .returning({ id: s.workshops.id })
  return { theme: name, workshopId: w!.id }
}

type Contact = { phone?: string | null; email?: string | null; address?: string | null; organisationId?: string }
async function person(tx: Tx, contact: Contact = {}) {
  const [c] = await tx
    .insert(s.candidates)
    .values({
      organisationId: contact.organisationId ?? SM.organisationId,
      firstName: 'Inès',
      lastName: `Invitée-${randomUUID().slice(0, 6)}`,
      phone: contact.phone === undefined ? '06 12 34 56 78' : contact.phone,
      email: contact.email === undefined ? 'ines@example.org' : contact.email,
      addressFormatted: contact.address === undefined ? '8 rue Jeanne-d’Arc, 76000 Rouen' : contact.address,
    })
    .returning({ id: s.candidates.id, lastName: s.candidates.lastName })
  return c!
}

const invite = (tx: Tx, theme: string, channels: string[], candidateIds: string[], now = NOW) =>
  inviteCandidates(asDb(tx), SM, { theme, channels, candidateIds }, now)

async function invitationOf(tx: Tx, invitationId: string) {
  const [row] = await tx.select().from(s.invitations).where(eq(s.invitations.id, invitationId))
  return row!
}

describe('inviting to a workshop theme', () => {
  it('is refused for everyone, in the issue’s words, when no session of the theme has a free seat within 10 days', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const far = await theme(tx, { days: 20 })
      const full = await theme(tx, { capacity: 0 })
      const p = await person(tx)
      for (const t of [far, full]) {
        const outcome = await invite(tx, t.theme, ['sms'], [p.id])
        expect(outcome).toEqual({
          ok: false,
          error: 'Aucune place disponible pour cet atelier dans les 10 prochains jours',
        })
      }
      expect(await tx.select().from(s.invitations).where(eq(s.invitations.candidateId, p.id))).toEqual([])
    })
  })

  it('refuses a person with a pending invitation or a coming registration for the theme, and invites the others', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const t = await theme(tx)
      const [invited, registered, fresh] = [await person(tx), await person(tx), await person(tx)]
      const first = await invite(tx, t.theme, ['sms'], [invited.id])
      expect(first.ok && first.invited.map((i) => i.candidateId)).toEqual([invited.id])
      const registration = await registerCandidates(asDb(tx), SM, t.workshopId, { candidateIds: [registered.id] }, NOW)
      expect(registration.ok).toBe(true)

      // A day later, so that the SMS of the first invitation is not what refuses it.
      const outcome = await invite(
        tx,
        t.theme,
        ['mail'],
        [invited.id, registered.id, fresh.id],
        new Date(NOW.getTime() + DAY + 1),
      )
      if (!outcome.ok) throw new Error(outcome.error)
      expect(outcome.invited.map((i) => i.candidateId)).toEqual([fresh.id])
      expect(outcome.refused.map((r) => [r.candidateId, r.reason])).toEqual([
        [invited.id, INVITATION_MESSAGES.pending],
        [registered.id, INVITATION_MESSAGES.registered],
      ])
      const answer = inviteAnswer(outcome)
      expect(answer.summary).toBe('1 candidat invité sur 3 candidats.')
      expect(answer.refused.map(personSentence)[0]).toMatch(
        /^Inès Invitée-\S+ a déjà une invitation en attente pour ce thème\.$/,
      )
    })
  })

  it('leaves out a channel without its contact or used in the last 24 hours, and refuses a person with none left', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [t, other] = [await theme(tx), await theme(tx)]
      const nothing = await person(tx, { phone: null, email: null, address: null })
      const landline = await person(tx, { phone: '02 35 00 00 00', email: null })
      const recent = await person(tx)
      const before = await invite(tx, other.theme, ['sms'], [recent.id], new Date(NOW.getTime() - 3_600_000))
      expect(before.ok).toBe(true)

      const outcome = await invite(tx, t.theme, ['sms', 'mail', 'letter'], [nothing.id, landline.id, recent.id])
      if (!outcome.ok) throw new Error(outcome.error)
      expect(outcome.refused).toEqual([
        {
          candidateId: nothing.id,
          name: expect.stringContaining(nothing.lastName),
          reason: [INVITATION_MESSAGES.noMobile, INVITATION_MESSAGES.noEmail, INVITATION_MESSAGES.noAddress].join(
            ' ; ',
          ),
        },
      ])
      expect(outcome.invited.map((i) => [i.candidateId, i.channels])).toEqual([
        [landline.id, ['letter']],
        [recent.id, ['mail', 'letter']],
      ])
      expect(outcome.skipped.map((r) => [r.candidateId, r.reason])).toEqual([
        [landline.id, [INVITATION_MESSAGES.noMobile, INVITATION_MESSAGES.noEmail].join(' ; ')],
        [recent.id, INVITATION_MESSAGES.recent('sms')],
      ])
      // What the counsellor reads: the people and their reasons, with French spacing before the semicolon.
      expect(personSentence(outcome.skipped[0]!)).toContain('qui reçoive les SMS\u00a0; n’a pas d’adresse e-mail.')
      const rows = await Promise.all(outcome.invited.map((i) => invitationOf(tx, i.invitationId)))
      expect(rows.map((r) => r.channels)).toEqual([['letter'], ['mail', 'letter']])
    })
  })

  it('refuses the whole invitation when a candidate is another organisation’s', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const t = await theme(tx)
      const ours = await person(tx)
      const theirs = await person(tx, { organisationId: demoIds.orgLyon })
      const outcome = await invite(tx, t.theme, ['sms'], [ours.id, theirs.id])
      expect(outcome).toMatchObject({ ok: false, error: INVITATION_MESSAGES.candidateUnknown })
      expect(await tx.select().from(s.invitations).where(eq(s.invitations.theme, t.theme))).toEqual([])
    })
  })

  it('queues the SMS with the link, and keeps the code only hashed and sealed', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const t = await theme(tx)
      const p = await person(tx)
      const outcome = await invite(tx, t.theme, ['sms'], [p.id])
      if (!outcome.ok) throw new Error(outcome.error)
      const row = await invitationOf(tx, outcome.invited[0]!.invitationId)
      const code = unseal(row.codeSealed)
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
      expect(row.codeHash).toBe(hashCode(code))
      expect(JSON.stringify(row)).not.toContain(code)
      const sms = await tx
        .select()
        .from(s.smsMessages)
        .where(and(eq(s.smsMessages.candidateId, p.id), eq(s.smsMessages.kind, 'invitation.invitation')))
      expect(sms).toHaveLength(1)
      expect(smsTextToSend(sms[0]!)).toContain(invitationLink(code))
      expect(sms[0]!.status).toBe('queued')
    })
  })
})

describe('the invitation letter', () => {
  it('prints the name, the address, the theme, the last day, the link and the grouped code (read back with pdftotext)', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const t = await theme(tx)
      const p = await person(tx)
      const outcome = await invite(tx, t.theme, ['sms', 'letter'], [p.id])
      if (!outcome.ok) throw new Error(outcome.error)
      const invitationId = outcome.invited[0]!.invitationId
      const row = await invitationOf(tx, invitationId)
      const code = unseal(row.codeSealed)

      const letter = await letterOf(tx, SM.organisationId, invitationId, NOW)
      if (!letter.ok) throw new Error(letter.reason)
      const pdf = await renderInvitationLetter(letter.data)
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      const dir = mkdtempSync(join(tmpdir(), 'letter-'))
      try {
        writeFileSync(join(dir, 'letter.pdf'), pdf)
        const read = spawnSync('pdftotext', ['-layout', join(dir, 'letter.pdf'), '-'], { encoding: 'utf8' })
        expect(read.status).toBe(0)
        const text = read.stdout
        expect(text).toContain(invitationLink(code))
        expect(text).toContain(groupedCode(code))
        expect(text).toContain(
          `tapez-le sur ${invitationLink('')
            .replace(/^https?:\/\//, '')
            .replace(/\/$/, '')}`,
        )
        expect(text).toContain(`Inès ${p.lastName}`)
        for (const line of addressLines('8 rue Jeanne-d’Arc, 76000 Rouen')) expect(text).toContain(line)
        expect(text).toContain(t.theme)
        const lastDay = formatDate(new Date(row.expiresAt!.getTime() - 1))
        expect(text).toContain(`avant le ${lastDay} inclus`)
        const pages = spawnSync('pdfinfo', [join(dir, 'letter.pdf')], { encoding: 'utf8' }).stdout
        expect(pages).toMatch(/Pages:\s+1\n/)
        expect(pages).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })

  it('is only for the organisation’s letter invitations still pending', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const t = await theme(tx)
      const [byLetter, bySms] = [await person(tx), await person(tx)]
      const outcome = await invite(tx, t.theme, ['letter'], [byLetter.id])
      const smsOnly = await invite(tx, t.theme, ['sms'], [bySms.id])
      if (!outcome.ok || !smsOnly.ok) throw new Error('not invited')
      const letterId = outcome.invited[0]!.invitationId
      expect(await letterOf(tx, demoIds.orgLyon, letterId, NOW)).toEqual({ ok: false, reason: 'notFound' })
      expect(await letterOf(tx, SM.organisationId, smsOnly.invited[0]!.invitationId, NOW)).toEqual({
        ok: false,
        reason: 'notFound',
      })
      const { expiresAt } = await invitationOf(tx, letterId)
      expect(await letterOf(tx, SM.organisationId, letterId, expiresAt!)).toEqual({ ok: false, reason: 'closed' })
      await tx.update(s.invitations).set({ status: 'cancelled' }).where(eq(s.invitations.id, letterId))
      expect(await letterOf(tx, SM.organisationId, letterId, NOW)).toEqual({ ok: false, reason: 'closed' })
    })
  })
})
