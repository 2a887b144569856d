import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getApplyDocument } from '@/lib/prescriptions/documents'
import { getApplyForStructure } from '@/lib/prescriptions/partner-answers-fup'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { renderFupPdf } from '@/lib/fup/render-fup-pdf'
import { inRolledBackTransaction, useTestDb } from './db'

const db = useTestDb()

const mobilite = { structureId: demoIds.structureMobilite, organisationId: null }
const habitat = { structureId: demoIds.structureHabitat, organisationId: null }
const seineMaritime = { structureId: null, organisationId: demoIds.orgSeineMaritime }
const lyon = { structureId: null, organisationId: demoIds.orgLyon }

function pdfText(pdf: Buffer): string {
  const out = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`)
  return out.stdout.toString('utf8').replace(/\s+/g, ' ')
}

/** A seeded apply and its prescription document, by candidate first name and offer. */
async function seeded(firstName: string, offerId: string = demoIds.offerPermis) {
  const [row] = await db
    .select({ id: s.socialApplies.id, documentId: s.socialApplies.prescriptionDocumentId })
    .from(s.socialApplies)
    .innerJoin(s.candidates, eq(s.candidates.id, s.socialApplies.candidateId))
    .where(and(eq(s.candidates.firstName, firstName), eq(s.socialApplies.socialOfferId, offerId)))
  return row!
}

describe('getApplyDocument: who may read a prescription PDF', () => {
  it('gives the prescription sheet to the structure the apply was sent to', async () => {
    const { documentId } = await seeded('Élodie')
    const doc = await getApplyDocument(db, documentId!, mobilite)
    expect(doc).toMatchObject({ name: 'Fiche.pdf', mimeType: 'application/pdf' })
    expect(doc!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it("gives it to the candidate's organisation", async () => {
    const { documentId } = await seeded('Élodie')
    const doc = await getApplyDocument(db, documentId!, seineMaritime)
    expect(doc?.mimeType).toBe('application/pdf')
  })

  it('gives nothing to another structure (Habitat Relais) nor to another organisation (Lyon)', async () => {
    const { documentId } = await seeded('Élodie')
    expect(await getApplyDocument(db, documentId!, habitat)).toBeNull()
    expect(await getApplyDocument(db, documentId!, lyon)).toBeNull()
  })

  it('gives nothing to a user with neither structure nor organisation', async () => {
    const { documentId } = await seeded('Élodie')
    expect(await getApplyDocument(db, documentId!, { structureId: null, organisationId: null })).toBeNull()
  })

  it("keeps Habitat Relais's prescriptions from Mobilité Solidaire, and gives them to Habitat Relais", async () => {
    const { documentId } = await seeded('Inès', demoIds.offerHabitat)
    expect(await getApplyDocument(db, documentId!, mobilite)).toBeNull()
    expect((await getApplyDocument(db, documentId!, habitat))?.mimeType).toBe('application/pdf')
    expect((await getApplyDocument(db, documentId!, seineMaritime))?.mimeType).toBe('application/pdf')
  })

  it('gives nothing for an unknown document id', async () => {
    expect(await getApplyDocument(db, randomUUID(), mobilite)).toBeNull()
  })

  it('gives nothing for a stored document that belongs to no apply, whoever asks', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const [doc] = await tx
        .insert(s.documents)
        .values({ name: 'Fiche.pdf', mimeType: 'application/pdf', content: Buffer.from('%PDF-1.4 orphan') })
        .returning()
      for (const tenant of [mobilite, habitat, seineMaritime, lyon])
        expect(await getApplyDocument(tx, doc!.id, tenant)).toBeNull()
    })
  })

  it('has no document for the manual prescription', async () => {
    expect((await seeded('Mamadou')).documentId).toBeNull()
  })
})

describe('the prescription sheet', () => {
  it('names the candidate, the offer and the prescribing referent', async () => {
    const { documentId } = await seeded('Élodie')
    const text = pdfText((await getApplyDocument(db, documentId!, mobilite))!.content)
    expect(text).toContain('Élodie Durand')
    expect(text).toContain('Permis de conduire solidaire')
    expect(text).toContain('Romain Leroy')
    // Spec §9: dates as dd/mm/yyyy. Seed: born 12 April 1988, prescribed on 2 October 2026.
    expect(text).toContain('12/04/1988')
    expect(text).toContain('02/10/2026')
  })

  it('renders an HTML payload in a field as harmless text', async () => {
    const payload = '<img src=x onerror=alert(1)>'
    const pdf = await renderFupPdf({
      name: 'Fiche de prescription',
      offerName: `Permis ${payload}`,
      candidateName: `Élodie ${payload} Durand`,
      beneficiary: {
        gender: 'F',
        birthDate: '1988-04-12',
        address: { formatted: payload, isQPV: false },
        phone: null,
        email: null,
        socialSecurityNumber: null,
        cafNumber: null,
        poleEmploiNumber: null,
        additionalFields: [],
      },
      prescription: {
        rsaReferentName: 'Romain Leroy',
        email: 'referent@passerelle.test',
        phone: '0601020304',
        structure: 'Département',
        address: 'Rouen',
        goal: `<script>alert(1)</script>${payload}`,
        validatePrescription: true,
        approveDemand: false,
        prescriptionDate: '2026-10-02T09:30:00.000Z',
      },
    })
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(pdf)
    expect(text).not.toMatch(/<img|<script|onerror/i)
    expect(text).toContain('Élodie')
    expect(text).toContain('Durand')
    expect(text).toContain('Romain Leroy')
  })
})

describe('getApplyForStructure', () => {
  it('gives the structure its apply with the candidate, the offer and the FUP', async () => {
    const { id } = await seeded('Élodie')
    const apply = await getApplyForStructure(db, demoIds.structureMobilite, id)
    expect(apply).toMatchObject({
      id,
      state: 'PRESCRIPTION_FILLED',
      archived: false,
      organisationId: demoIds.orgSeineMaritime,
      authorId: 'demo-referent',
      firstName: 'Élodie',
      lastName: 'Durand',
      offerId: demoIds.offerPermis,
      offerName: 'Permis de conduire solidaire',
      providerName: 'Mobilité Solidaire',
    })
    expect([...apply!.financingModes].sort()).toEqual(['departement', 'fse'])
    expect(apply!.fup).toMatchObject({ socialApplyId: id, name: 'Fiche de prescription', partnerFeedback: null })
    expect(apply!.fup!.prescription.rsaReferentName).toBe('Romain Leroy')
  })

  it('gives the manual prescription without a FUP', async () => {
    const { id } = await seeded('Mamadou')
    const apply = await getApplyForStructure(db, demoIds.structureMobilite, id)
    expect(apply?.state).toBe('PRESCRIPTION_FILLED')
    expect(apply!.fup).toBeNull()
  })

  it('gives nothing to another structure, nor for an unknown id', async () => {
    expect(await getApplyForStructure(db, demoIds.structureHabitat, (await seeded('Élodie')).id)).toBeNull()
    expect(
      await getApplyForStructure(db, demoIds.structureMobilite, (await seeded('Inès', demoIds.offerHabitat)).id),
    ).toBeNull()
    expect(await getApplyForStructure(db, demoIds.structureMobilite, randomUUID())).toBeNull()
  })
})
