import PDFDocument from 'pdfkit'
import { and, asc, eq } from 'drizzle-orm'
import { formatDate, formatTimeInText, parisToday } from '@/lib/dates'
import { EMPTY_VALUE } from '@/lib/format'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, organisations, workshopRegistrations } from '@/lib/db/schema'
import { plainText } from '@/lib/fup/render-fup-pdf'
import { getWorkshop } from './queries'
import { fullName, listName } from '@/lib/person-name'

/** The FSE+ mention of a workshop it funds. */
export const FSE_MENTION = 'Cette action est cofinancée par l’Union européenne (Fonds social européen +).'

/**
 * The sign-in sheet (feuille d'émargement) of a workshop, a PDF: the organisation, the workshop, one line per seated
 * candidate with a signature column, the facilitators' signature, and the FSE+ mention when it funds the workshop.
 * Null for another organisation's workshop.
 */
export async function renderSignInSheet(
  db: DbOrTx,
  organisationId: string,
  workshopId: string,
): Promise<{ pdf: Buffer; fileName: string } | null> {
  const w = await getWorkshop(db, organisationId, workshopId)
  if (!w) return null
  const [[organisation], people] = await Promise.all([
    db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)),
    db
      .select({ firstName: candidates.firstName, lastName: candidates.lastName })
      .from(workshopRegistrations)
      .innerJoin(candidates, eq(candidates.id, workshopRegistrations.candidateId))
      .where(
        and(
          eq(workshopRegistrations.workshopId, workshopId),
          eq(workshopRegistrations.organisationId, organisationId),
          eq(workshopRegistrations.status, 'registered'),
        ),
      )
      .orderBy(asc(candidates.lastName), asc(candidates.firstName)),
  ])
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Feuille d’émargement – ${plainText(w.name)}`, Producer: 'Passerelle' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.font('Helvetica-Bold').fontSize(16).text('Feuille d’émargement')
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(11)
    .text(plainText(organisation?.name ?? ''))
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(plainText(w.name))
  const when = w.startsAt
    ? `${formatDate(w.startsAt)}, de ${formatTimeInText(w.startsAt)}${w.endsAt ? ` à ${formatTimeInText(w.endsAt)}` : ''}`
    : ''
  doc.font('Helvetica').fontSize(10).text(`Date\u00a0: ${when}`)
  doc.text(`Lieu\u00a0: ${plainText(w.addressFormatted) || (w.videoUrl ? 'visioconférence' : EMPTY_VALUE)}`)
  if (w.facilitators.length)
    doc.text(`Animation\u00a0: ${w.facilitators.map((f) => plainText(fullName(f))).join(', ')}`)
  doc.moveDown(1)
  const left = doc.page.margins.left
  const widths = [30, 200, 265]
  const row = (cells: string[], bold = false) => {
    const y = doc.y
    const height = 28
    if (y + height > doc.page.height - doc.page.margins.bottom - 60) doc.addPage()
    const top = doc.y
    let x = left
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
    cells.forEach((cell, i) => {
      doc.rect(x, top, widths[i]!, height).stroke('#555555')
      doc.fillColor('#000000').text(cell, x + 5, top + 9, { width: widths[i]! - 10, lineBreak: false, ellipsis: true })
      x += widths[i]!
    })
    doc.x = left
    doc.y = top + height
  }
  row(['N°', 'Nom et prénom', 'Signature'], true)
  people.forEach((p, i) => row([String(i + 1), plainText(listName(p)), '']))
  if (people.length === 0) doc.moveDown(0.5).text('Aucun candidat inscrit.')
  doc.moveDown(2).font('Helvetica').fontSize(10).text('Signature de l’animateur ou de l’animatrice\u00a0:', left)
  if (w.fseFunded) doc.moveDown(3).fontSize(9).text(FSE_MENTION, left)
  doc.end()
  const day = w.startsAt ? parisToday(w.startsAt) : 'atelier'
  return { pdf: await done, fileName: `emargement-${day}.pdf` }
}
