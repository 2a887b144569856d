import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { fieldErrorsOf } from '@/lib/frame/outcome'
import { composeSchema, templateSchema } from '@/lib/sms/schemas'
import { sendSmsToCandidate } from '@/lib/sms/send-to-candidate'
import { createTemplate, setTemplateArchived, updateTemplate } from '@/lib/sms/templates'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { smsCounts, useSmsCandidates } from './sms-kit'

// The sheet's composer and the templates: every refusal has its French message and writes nothing; a message written
// outside the organisation's sending hours is held until they open (fixed clocks).
const db = useTestDb()
const newCandidate = useSmsCandidates(db)
const SEINE = demoIds.orgSeineMaritime
const TUESDAY_10H = new Date('2026-11-24T10:00:00+01:00')
const asDb = (tx: Tx) => tx as unknown as typeof db

function compose(input: Record<string, unknown>) {
  const parsed = composeSchema.safeParse(input)
  if (!parsed.success) throw new Error(JSON.stringify(fieldErrorsOf(parsed.error)))
  return parsed.data
}

async function refusedWith(candidateId: string, input: Record<string, unknown>, now = TUESDAY_10H) {
  const before = await smsCounts(db)
  const result = await sendSmsToCandidate(db, {
    organisationId: SEINE,
    authorId: 'demo-referent',
    input: compose({ candidateId, ...input }),
    now,
  })
  expect(await smsCounts(db)).toEqual(before)
  expect(result.ok).toBe(false)
  return result.ok ? '' : result.error
}

describe('writing an SMS to a candidate', () => {
  it('queues it with its job and an audit row, the variables filled for the candidate', async () => {
    const candidate = await newCandidate({ firstName: 'Maëlle' })
    await inRolledBackTransaction(db, async (tx) => {
      const result = await sendSmsToCandidate(asDb(tx), {
        organisationId: SEINE,
        authorId: 'demo-referent',
        input: compose({
          candidateId: candidate.id,
          text: 'Bonjour {prenom}, votre référent {referent} ({telephone_referent}) de {organisation}.',
        }),
        now: TUESDAY_10H,
      })
      expect(result).toMatchObject({ ok: true, moved: false, scheduledFor: TUESDAY_10H })
      if (!result.ok) return
      const [row] = await tx.select().from(s.smsMessages).where(eq(s.smsMessages.id, result.messageId))
      expect(row).toMatchObject({
        organisationId: SEINE,
        authorId: 'demo-referent',
        status: 'queued',
        kind: 'sheet',
        toNumber: `+33${candidate.phone!.slice(1)}`,
        body: 'Bonjour Maëlle, votre référent Romain Leroy (0601020304) de Département de Seine-Maritime.',
        // 'ë' is outside the GSM alphabet: UCS-2, 67 characters per part.
        segments: 2,
      })
      const { rows: jobs } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'send-sms' and data->>'messageId' = ${result.messageId}`,
      )
      expect(jobs[0]!.n).toBe(1)
      const audit = await tx
        .select()
        .from(s.auditLog)
        .where(sql`${s.auditLog.details}->>'messageId' = ${result.messageId}`)
      expect(audit).toMatchObject([{ action: 'sms.queued', actorId: 'demo-referent', entityId: candidate.id }])
      expect(JSON.stringify(audit[0]!.details)).not.toContain('Maëlle')
    })
  })

  it('holds a message written on Sunday until Monday 08:00 (Paris), its job starting then', async () => {
    const candidate = await newCandidate()
    const sunday = new Date('2026-11-29T15:00:00+01:00')
    await inRolledBackTransaction(db, async (tx) => {
      const result = await sendSmsToCandidate(asDb(tx), {
        organisationId: SEINE,
        authorId: 'demo-referent',
        input: compose({ candidateId: candidate.id, text: 'Bonjour' }),
        now: sunday,
      })
      expect(result).toMatchObject({ ok: true, moved: true, scheduledFor: new Date('2026-11-30T08:00:00+01:00') })
      if (!result.ok) return
      // 17 hours after the writing time: the job's start is that delay after now (the database's clock).
      const { rows } = await tx.execute<{ hours: number }>(
        sql`select round(extract(epoch from (start_after - now())) / 3600)::int as hours from pgboss.job where name = 'send-sms' and data->>'messageId' = ${result.messageId}`,
      )
      expect(rows[0]!.hours).toBe(17)
    })
  })

  it('follows the organisation’s own sending hours', async () => {
    const candidate = await newCandidate()
    await inRolledBackTransaction(db, async (tx) => {
      await tx
        .update(s.organisations)
        .set({ smsWindowStartMinute: 10 * 60 + 30, smsWindowEndMinute: 12 * 60, smsWindowDays: [2] })
        .where(eq(s.organisations.id, SEINE))
      const result = await sendSmsToCandidate(asDb(tx), {
        organisationId: SEINE,
        authorId: 'demo-referent',
        input: compose({ candidateId: candidate.id, text: 'Bonjour' }),
        now: TUESDAY_10H,
      })
      expect(result).toMatchObject({ ok: true, moved: true, scheduledFor: new Date('2026-11-24T10:30:00+01:00') })
    })
  })

  it('sends at a chosen time, Paris time, moved into the sending hours if needed', async () => {
    const candidate = await newCandidate()
    await inRolledBackTransaction(db, async (tx) => {
      const chosen = await sendSmsToCandidate(asDb(tx), {
        organisationId: SEINE,
        authorId: 'demo-referent',
        input: compose({ candidateId: candidate.id, text: 'Bonjour', scheduledFor: '2026-11-26T09:15' }),
        now: TUESDAY_10H,
      })
      expect(chosen).toMatchObject({ ok: true, moved: false, scheduledFor: new Date('2026-11-26T09:15:00+01:00') })
      const night = await sendSmsToCandidate(asDb(tx), {
        organisationId: SEINE,
        authorId: 'demo-referent',
        input: compose({ candidateId: candidate.id, text: 'Bonjour', scheduledFor: '2026-11-26T22:15' }),
        now: TUESDAY_10H,
      })
      expect(night).toMatchObject({ ok: true, moved: true, scheduledFor: new Date('2026-11-27T08:00:00+01:00') })
    })
  })

  it('refuses an opted-out candidate', async () => {
    const candidate = await newCandidate({ smsOptedOutAt: new Date('2026-11-01T10:00:00Z') })
    expect(await refusedWith(candidate.id, { text: 'Bonjour' })).toBe(
      'Ce candidat a demandé à ne plus recevoir de SMS\u00a0: aucun message ne peut lui être envoyé.',
    )
  })

  it.each([
    ['a landline', '02 35 12 34 56'],
    ['no number', null],
    ['an invalid number', '06 12'],
  ])('refuses %s: "Ce numéro ne peut pas recevoir de SMS"', async (_what, phone) => {
    const candidate = await newCandidate({ phone })
    expect(await refusedWith(candidate.id, { text: 'Bonjour' })).toBe('Ce numéro ne peut pas recevoir de SMS')
  })

  it('refuses a text over 6 SMS once its variables are filled, saying how many', async () => {
    const candidate = await newCandidate({ firstName: 'A'.repeat(60) })
    const text = `${'{prenom} '.repeat(15)}${'x'.repeat(10)}`
    expect(await refusedWith(candidate.id, { text })).toBe(
      'Le message compte 7 SMS\u00a0: 6 au plus. Raccourcissez-le.',
    )
  })

  it('refuses another organisation’s candidate and template as not found', async () => {
    const lea = await newCandidate({ organisationId: demoIds.orgLyon })
    expect(await refusedWith(lea.id, { text: 'Bonjour' })).toBe('Ce candidat est introuvable.')
    const lyonTemplate = await createTemplate(
      db,
      { id: 'demo-referent-lyon', organisationId: demoIds.orgLyon },
      { name: `Lyon ${Date.now()}`, body: 'Bonjour' },
      TUESDAY_10H,
    )
    const candidate = await newCandidate()
    expect(
      await refusedWith(candidate.id, { text: 'Bonjour', templateId: lyonTemplate.ok ? lyonTemplate.id : '' }),
    ).toBe('Ce modèle est introuvable.')
    if (lyonTemplate.ok) {
      await db.delete(s.auditLog).where(eq(s.auditLog.entityId, lyonTemplate.id))
      await db.delete(s.smsTemplates).where(eq(s.smsTemplates.id, lyonTemplate.id))
    }
  })

  it('refuses a time in the past', async () => {
    const candidate = await newCandidate()
    expect(await refusedWith(candidate.id, { text: 'Bonjour', scheduledFor: '2026-11-24T09:00' })).toBe(
      'La date d’envoi est passée\u00a0: choisissez une date à venir.',
    )
  })

  it('checks the input: empty text, unknown variables, an id that is not one', () => {
    const errors = (input: Record<string, unknown>) => {
      const parsed = composeSchema.safeParse(input)
      return parsed.success ? {} : fieldErrorsOf(parsed.error)
    }
    const id = crypto.randomUUID()
    expect(errors({ candidateId: id, text: '   ' })).toEqual({ text: 'Écrivez le message avant de l’envoyer.' })
    expect(errors({ candidateId: id, text: 'Bonjour {Prenom} {date}' })).toEqual({
      text: 'Ces variables n’existent pas : {Prenom}, {date}. Variables possibles : {prenom}, {nom}, {referent}, {organisation}, {telephone_referent}, {expediteur}, {telephone_expediteur}.',
    })
    expect(errors({ candidateId: 'abc', text: 'Bonjour' })).toEqual({ candidateId: 'Ce candidat est introuvable.' })
    expect(errors({ candidateId: id, text: 'x'.repeat(2001) })).toEqual({ text: 'Le message est trop long.' })
    expect(errors({ candidateId: id, text: 'Bonjour', scheduledFor: 'demain' })).toEqual({
      scheduledFor: 'La date d’envoi n’est pas valide.',
    })
  })
})

describe('templates', () => {
  const admin = { id: 'demo-admin', organisationId: SEINE }

  it('refuses an unknown variable and a text over 6 SMS when saved', () => {
    const unknown = templateSchema.safeParse({ name: 'Rappel', body: 'Bonjour {prénom}' })
    expect(unknown.success ? {} : fieldErrorsOf(unknown.error)).toEqual({
      body: 'Cette variable n’existe pas : {prénom}. Variables possibles : {prenom}, {nom}, {referent}, {organisation}, {telephone_referent}, {expediteur}, {telephone_expediteur}.',
    })
    const long = templateSchema.safeParse({ name: 'Long', body: 'x'.repeat(153 * 6 + 1) })
    expect(long.success ? {} : fieldErrorsOf(long.error)).toEqual({
      body: 'Le message compte 7 SMS\u00a0: 6 au plus. Raccourcissez-le.',
    })
    const noName = templateSchema.safeParse({ name: ' ', body: 'Bonjour' })
    expect(noName.success ? {} : fieldErrorsOf(noName.error)).toEqual({ name: 'Le nom du modèle est obligatoire.' })
  })

  it('creates, edits, archives and restores, each audited; a name is unique among active templates', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createTemplate(
        asDb(tx),
        admin,
        { name: 'Convocation', body: 'Bonjour {prenom}' },
        TUESDAY_10H,
      )
      expect(created.ok).toBe(true)
      if (!created.ok) return
      expect(await createTemplate(asDb(tx), admin, { name: 'convocation', body: 'Autre' }, TUESDAY_10H)).toEqual({
        ok: false,
        error: 'Un modèle porte déjà ce nom.',
        field: 'name',
      })
      expect(
        await updateTemplate(
          asDb(tx),
          admin,
          created.id,
          { name: 'Convocation atelier', body: 'Bonjour {prenom} {nom}' },
          TUESDAY_10H,
        ),
      ).toEqual({ ok: true, id: created.id })
      expect(await setTemplateArchived(asDb(tx), admin, created.id, true, TUESDAY_10H)).toEqual({
        ok: true,
        id: created.id,
      })
      // Archived, its name is free again; restoring it would then clash.
      const again = await createTemplate(asDb(tx), admin, { name: 'Convocation atelier', body: 'Nouveau' }, TUESDAY_10H)
      expect(again.ok).toBe(true)
      expect(await setTemplateArchived(asDb(tx), admin, created.id, false, TUESDAY_10H)).toEqual({
        ok: false,
        error: 'Un modèle porte déjà ce nom.',
        field: 'name',
      })
      const audit = await tx
        .select({ action: s.auditLog.action })
        .from(s.auditLog)
        .where(eq(s.auditLog.entityId, created.id))
      expect(audit.map((a) => a.action).sort()).toEqual([
        'smsTemplate.archived',
        'smsTemplate.created',
        'smsTemplate.updated',
      ])
    })
  })

  it('another organisation’s template is not found', async () => {
    const lyonAdmin = { id: 'demo-referent-lyon', organisationId: demoIds.orgLyon }
    await inRolledBackTransaction(db, async (tx) => {
      const created = await createTemplate(asDb(tx), admin, { name: 'Seine', body: 'Bonjour' }, TUESDAY_10H)
      if (!created.ok) throw new Error('not created')
      expect(
        await updateTemplate(asDb(tx), lyonAdmin, created.id, { name: 'Volé', body: 'Bonjour' }, TUESDAY_10H),
      ).toEqual({ ok: false, notFound: true })
      expect(await setTemplateArchived(asDb(tx), lyonAdmin, created.id, true, TUESDAY_10H)).toEqual({
        ok: false,
        notFound: true,
      })
    })
  })
})
