import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getApplyDocument } from '@/lib/prescriptions/documents'
import { fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import { getApplyForStructure, renderAnsweredFup, sendFup } from '@/lib/prescriptions/partner-answers-fup'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The FUP PDF (preview and sent) prints the three convocations and draws the sponsors' logos.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const NOW = new Date('2026-11-05T10:00:00.000Z')

const pdfText = (pdf: Buffer) => {
  const out = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`)
  return out.stdout.toString('utf8').replace(/\s+/g, ' ')
}

/** poppler's pdfimages -list: one row per image (type, width, height, colour…), smask rows for transparency. */
function pdfImages(pdf: Buffer): { type: string; width: number; height: number }[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fup-pdf-')), 'sheet.pdf')
  fs.writeFileSync(file, pdf)
  const out = spawnSync('pdfimages', ['-list', file])
  fs.rmSync(path.dirname(file), { recursive: true, force: true })
  if (out.status !== 0) throw new Error(`pdfimages failed: ${out.stderr.toString()}`)
  return out.stdout
    .toString('utf8')
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map((c) => ({ type: c[2]!, width: Number(c[3]), height: Number(c[4]) }))
}

/** The sheet's first page as raw RGB pixels (poppler's pdftoppm, PPM): to see what vector logos drew. */
function pagePixels(pdf: Buffer, page: number): Buffer {
  const out = spawnSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '36', '-'], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  })
  if (out.status !== 0) throw new Error(`pdftoppm failed: ${out.stderr.toString()}`)
  const ppm = out.stdout
  // "P6\n<width> <height>\n255\n" then the pixels.
  let newlines = 0
  let start = 0
  while (newlines < 3) if (ppm[start++] === 0x0a) newlines++
  return ppm.subarray(start)
}
function countColour(pixels: Buffer, [r, g, b]: [number, number, number]): number {
  let n = 0
  for (let i = 0; i + 2 < pixels.length; i += 3) if (pixels[i] === r && pixels[i + 1] === g && pixels[i + 2] === b) n++
  return n
}
const pageCount = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(spawnSync('pdfinfo', ['-'], { input: pdf }).stdout.toString())?.[1])
function pixelsOfAllPages(pdf: Buffer): Buffer {
  return Buffer.concat(Array.from({ length: pageCount(pdf) }, (_, i) => pagePixels(pdf, i + 1)))
}

// The logos' own fills (public/logos): FSE+ and Département #1e3a8a, Région Normandie #0f766e.
const FSE_BLUE: [number, number, number] = [0x1e, 0x3a, 0x8a]
const NORMANDIE_GREEN: [number, number, number] = [0x0f, 0x76, 0x6e]

const logo = (label: string, value: string, uri: string) => ({ label, value, uri, required: false })
const noAnswer = fupAnswerSchema.parse({
  partnerFeedback: {
    accompanierName: 'Paula Moreau',
    name: 'Mobilité Solidaire',
    email: 'permis@mobilite-solidaire.test',
    phone: '02 35 00 00 01',
    address: '',
    decision: {
      partnerDecision: 'notIntegrated',
      cause: 'noAnswerToConvocations',
      firstConvocation: { date: '2026-10-20', reason: 'unexcusedAbsence' },
      secondConvocation: { date: '2026-10-27', reason: 'excusedAbsence' },
      thirdConvocation: { date: '2026-11-03', reason: 'unexcusedAbsence' },
    },
  },
  sponsorsLogo: [
    logo('Région Normandie', 'region-normandie', '/logos/region-normandie.svg'),
    logo('France Travail', 'france-travail', '/logos/france-travail.png'),
    // Never read by the server: not a file of public/logos.
    logo('Ville de Rouen', 'rouen', 'https://rouen.example/logo.png'),
    logo('Fichier du serveur', 'passwd', '/logos/../../etc/passwd'),
  ],
})

async function elodie(handle: Db | Tx) {
  const [row] = await handle
    .select({ id: s.socialApplies.id })
    .from(s.socialApplies)
    .innerJoin(s.candidates, eq(s.candidates.id, s.socialApplies.candidateId))
    .where(and(eq(s.candidates.firstName, 'Élodie'), eq(s.socialApplies.socialOfferId, demoIds.offerPermis)))
  return row!.id
}

function expectConvocationsAndLogos(pdf: Buffer) {
  const text = pdfText(pdf)
  expect(text).toContain('1re convocation : 20/10/2026 – Absence non excusée')
  expect(text).toContain('2e convocation : 27/10/2026 – Absence excusée')
  expect(text).toContain('3e convocation : 03/11/2026 – Absence non excusée')
  // Every logo keeps its label; the ones that are not ours are only that.
  for (const label of [
    'Fonds social européen (FSE+)',
    'Région Normandie',
    'France Travail',
    'Ville de Rouen',
    'Fichier du serveur',
  ]) {
    expect(text).toContain(label)
  }
  // The PNG is an image of the PDF at its own size (its transparency an smask of the same size); nothing else is one.
  const images = pdfImages(pdf)
  expect(images.filter((i) => i.type === 'image')).toEqual([{ type: 'image', width: 240, height: 96 }])
  expect(images.filter((i) => i.type === 'smask')).toEqual([{ type: 'smask', width: 240, height: 96 }])
  // The SVGs are drawn as vectors in their own colours: the FSE logo (the offer is FSE-financed) and Normandie's.
  const pixels = pixelsOfAllPages(pdf)
  expect(countColour(pixels, FSE_BLUE)).toBeGreaterThan(100)
  expect(countColour(pixels, NORMANDIE_GREEN)).toBeGreaterThan(100)
}

describe('the FUP PDF', () => {
  it('previews the three convocations and draws the SVG and PNG logos, the FSE one included', async () => {
    const apply = await getApplyForStructure(db, demoIds.structureMobilite, await elodie(db))
    expectConvocationsAndLogos(await renderAnsweredFup(db, apply!, noAnswer))
  })

  it('stores the same sheet when the answer is sent', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const result = await sendFup(asDb(tx), {
        structureId: demoIds.structureMobilite,
        applyId: await elodie(tx),
        answer: noAnswer,
        actorId: 'demo-partenaire',
        now: NOW,
      })
      expect(result.ok).toBe(true)
      if (!result.ok) return
      const document = await getApplyDocument(tx, result.documentId, {
        structureId: demoIds.structureMobilite,
        organisationId: null,
      })
      expectConvocationsAndLogos(document!.content)
    })
  })

  it('without convocations nor drawable logos, prints neither', async () => {
    const apply = await getApplyForStructure(db, demoIds.structureMobilite, await elodie(db))
    const integrated = fupAnswerSchema.parse({
      partnerFeedback: {
        ...noAnswer.partnerFeedback,
        decision: { partnerDecision: 'integrated', firstReceptionDate: '2026-11-12' },
      },
      sponsorsLogo: [logo('Ville de Rouen', 'rouen', 'https://rouen.example/logo.png')],
    })
    const pdf = await renderAnsweredFup(db, apply!, integrated)
    expect(pdfText(pdf)).not.toContain('convocation')
    expect(pdfImages(pdf)).toEqual([])
    expect(countColour(pixelsOfAllPages(pdf), NORMANDIE_GREEN)).toBe(0)
  })
})
