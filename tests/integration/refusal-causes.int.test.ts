import { spawnSync } from 'node:child_process'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { activeCauses, causeLabels, organisationCauses } from '@/lib/prescriptions/causes'
import { type FupAnswer, fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import { sendFup } from '@/lib/prescriptions/partner-answers-fup'
import { listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { saveRefusalCauses } from '@/lib/settings/refusal-causes'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// An organisation renames, disables and adds refusal causes; codes never change.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = demoIds.orgSeineMaritime
const ADMIN = { organisationId: SM, actorId: 'demo-admin' }
const NOW = new Date('2026-11-05T10:00:00.000Z')

const refused = (cause: string): FupAnswer =>
  fupAnswerSchema.parse({
    partnerFeedback: {
      accompanierName: 'Paula Moreau',
      name: 'Mobilité Solidaire',
      email: 'permis@mobilite-solidaire.test',
      decision: { partnerDecision: 'notIntegrated', cause },
    },
  })
const pdfText = (pdf: Buffer) =>
  spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).stdout.toString('utf8').replace(/\s+/g, ' ')
async function pendingApply(tx: Tx, firstName: string) {
  const [row] = await tx
    .select({ id: s.socialApplies.id, state: s.socialApplies.state, cause: s.socialApplies.cause })
    .from(s.socialApplies)
    .innerJoin(s.candidates, eq(s.candidates.id, s.socialApplies.candidateId))
    .where(and(eq(s.candidates.firstName, firstName), eq(s.socialApplies.socialOfferId, demoIds.offerPermis)))
  return row!
}
/** The six defaults as the form sends them, with some changes. */
const form = (changes: Record<string, { label?: string; enabled?: boolean }> = {}, added = '') => ({
  causes: [
    ['noLongerRsa', 'N’est plus dans le dispositif RSA'],
    ['hasJob', 'A retrouvé un emploi'],
    ['outsideTerritory', 'Hors territoire'],
    ['hasMoved', 'A déménagé'],
    ['noAnswerToConvocations', 'N’a pas répondu aux 3 convocations'],
    ['beneficiaryRefusal', 'Refus du bénéficiaire'],
  ].map(([code, label]) => ({
    code: code!,
    label: changes[code!]?.label ?? label!,
    enabled: changes[code!]?.enabled ?? true,
  })),
  added,
})

describe('refusal causes per organisation', () => {
  it('renames, disables and adds causes: past answers show the new label, a disabled cause is refused, the new one works end to end', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const saved = await saveRefusalCauses(
        asDb(tx),
        ADMIN,
        form(
          { outsideTerritory: { label: 'Hors du département' }, hasMoved: { enabled: false } },
          'Entrée en formation',
        ),
      )
      expect(saved).toEqual({ ok: true, changed: 3 })
      const causes = await organisationCauses(tx, SM)
      expect(causes.map((c) => [c.label, c.disabled])).toEqual([
        ['N’est plus dans le dispositif RSA', false],
        ['A retrouvé un emploi', false],
        ['Hors du département', false],
        ['A déménagé', true],
        ['N’a pas répondu aux 3 convocations', false],
        ['Refus du bénéficiaire', false],
        ['Entrée en formation', false],
      ])
      const own = causes[6]!.code
      expect(own).toMatch(/^org-[0-9a-f]{8}$/)
      expect((await activeCauses(tx, SM)).map((c) => c.code)).not.toContain('hasMoved')
      // Another organisation keeps the spec's six.
      expect(Object.values(await causeLabels(tx, demoIds.orgLyon))).toContain('Hors territoire')

      // The seeded refusal stored with 'outsideTerritory' shows the new label on the partner's refused tab.
      const { rows } = await listAppliesByTab(tx, {
        structureId: demoIds.structureMobilite,
        offerId: demoIds.offerPermis,
        tab: 'REFUSED_STRUCTURE',
      })
      expect(rows.filter((r) => r.cause === 'outsideTerritory').map((r) => r.causeLabel)).toEqual([
        'Hors du département',
      ])

      // A disabled cause is refused, with the French message, and nothing changes.
      const karim = await pendingApply(tx, 'Karim')
      expect(
        await sendFup(asDb(tx), {
          structureId: demoIds.structureMobilite,
          applyId: karim.id,
          answer: refused('hasMoved'),
          actorId: 'demo-partenaire',
          now: NOW,
        }),
      ).toEqual({ ok: false, error: 'causeUnknown' })
      expect(
        await sendFup(asDb(tx), {
          structureId: demoIds.structureMobilite,
          applyId: karim.id,
          answer: refused('org-00000000'),
          actorId: 'demo-partenaire',
          now: NOW,
        }),
      ).toEqual({ ok: false, error: 'causeUnknown' })
      expect(await pendingApply(tx, 'Karim')).toEqual(karim)

      // The organisation's own cause: stored by its code, shown by its label in the list and on the PDF.
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: karim.id,
        answer: refused(own),
        actorId: 'demo-partenaire',
        now: NOW,
      })
      if (!result.ok) throw new Error(result.error)
      expect(await pendingApply(tx, 'Karim')).toMatchObject({ state: 'REFUSED_STRUCTURE', cause: own })
      const [doc] = await tx.select().from(s.documents).where(eq(s.documents.id, result.documentId))
      expect(pdfText(doc!.content)).toContain('Motif : Entrée en formation')
      const after = await listAppliesByTab(tx, {
        structureId: demoIds.structureMobilite,
        offerId: demoIds.offerPermis,
        tab: 'REFUSED_STRUCTURE',
      })
      expect(after.rows.find((r) => r.id === karim.id)?.causeLabel).toBe('Entrée en formation')

      // Disabled later, the cause keeps its label on the answers that have it.
      const ownIndex = { ...form({ outsideTerritory: { label: 'Hors du département' }, hasMoved: { enabled: false } }) }
      ownIndex.causes.push({ code: own, label: 'Entrée en formation', enabled: false })
      expect(await saveRefusalCauses(asDb(tx), ADMIN, ownIndex)).toEqual({ ok: true, changed: 1 })
      expect((await causeLabels(tx, SM))[own]).toBe('Entrée en formation')
      expect((await activeCauses(tx, SM)).map((c) => c.code)).not.toContain(own)

      // Back to the default label and offered: no row needed any more.
      expect(await saveRefusalCauses(asDb(tx), ADMIN, form({ hasMoved: { enabled: true } }))).toEqual({
        ok: true,
        changed: 2,
      })
      const rowsLeft = await tx
        .select({ code: s.organisationRefusalCauses.code })
        .from(s.organisationRefusalCauses)
        .where(eq(s.organisationRefusalCauses.organisationId, SM))
      expect(rowsLeft.map((r) => r.code)).toEqual([own])
      const audits = await tx
        .select({ n: count() })
        .from(s.auditLog)
        .where(and(eq(s.auditLog.organisationId, SM), eq(s.auditLog.action, 'refusalCauses.updated')))
      expect(audits[0]!.n).toBe(3)
    })
  })

  it.each([
    ['an empty label', form({ hasJob: { label: '  ' } }), { 'causes.1.label': 'Le libellé du motif est obligatoire.' }],
    [
      'a label too long',
      form({}, 'x'.repeat(101)),
      { added: 'Le libellé d’un motif ne doit pas dépasser 100 caractères.' },
    ],
    [
      'two causes with one label',
      form({ hasMoved: { label: 'hors  TERRITOIRE' } }),
      {
        'causes.2.label': 'Deux motifs portent le même libellé.',
        'causes.3.label': 'Deux motifs portent le même libellé.',
      },
    ],
    [
      'a new cause named as an existing one',
      form({}, 'Refus du beneficiaire'),
      { 'causes.5.label': 'Deux motifs portent le même libellé.', added: 'Deux motifs portent le même libellé.' },
    ],
  ])('refuses %s with its French message and writes nothing', async (_name, input, fieldErrors) => {
    await inRolledBackTransaction(db, async (tx) => {
      const result = await saveRefusalCauses(asDb(tx), ADMIN, input)
      expect(result).toMatchObject({ ok: false, fieldErrors })
      expect(
        await tx.select().from(s.organisationRefusalCauses).where(eq(s.organisationRefusalCauses.organisationId, SM)),
      ).toEqual([])
    })
  })

  it('keeps at least one cause offered, and ignores codes of no cause of the organisation', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const none = form(
        Object.fromEntries(
          ['noLongerRsa', 'hasJob', 'outsideTerritory', 'hasMoved', 'noAnswerToConvocations', 'beneficiaryRefusal'].map(
            (c) => [c, { enabled: false }],
          ),
        ),
      )
      expect(await saveRefusalCauses(asDb(tx), ADMIN, none)).toEqual({
        ok: false,
        error: 'Gardez au moins un motif proposé aux partenaires.',
      })
      const foreign = form()
      foreign.causes.push({ code: 'org-deadbeef', label: 'Motif d’ailleurs', enabled: true })
      expect(await saveRefusalCauses(asDb(tx), ADMIN, foreign)).toEqual({
        ok: false,
        error: 'Ce motif est introuvable.',
      })
      expect(await saveRefusalCauses(asDb(tx), ADMIN, 'nonsense')).toMatchObject({ ok: false })
      expect(await tx.select().from(s.organisationRefusalCauses)).toEqual([])
    })
  })
})
