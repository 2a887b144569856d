import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { and, eq } from 'drizzle-orm'
import { appUrl } from '@/lib/auth/app-url'
import { unseal } from '@/lib/crypto/sealed'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, invitations, organisations } from '@/lib/db/schema'
import { formatDate, parisToday } from '@/lib/dates'
import { plainText } from '@/lib/fup/render-fup-pdf'
import { fullName } from '@/lib/person-name'
import { invitationLink } from './code'

/** A millimetre in PDF points. */
const MM = 72 / 25.4

/**
 * The recipient's block where a French window envelope (DL, window on the right) shows it once the A4 sheet is folded
 * in three: 110 mm from the left edge, 50 mm from the top, 85 mm wide (La Poste's window is 100 × 45 mm at 20 mm
 * from the right and 15 mm from the top of the envelope, the first fold at 99 mm).
 */
const WINDOW = { x: 110 * MM, y: 50 * MM, width: 85 * MM }

export type LetterData = {
  organisation: string
  contactPhone: string | null
  contactEmail: string | null
  name: string
  address: string
  theme: string
  code: string
  /** The last day to book, or null for an optional workshop's invitation (no limit). */
  lastDay: Date | null
  sentAt: Date
}

export type LetterRefusal = 'notFound' | 'closed'

/**
 * What the letter of an invitation prints, read for the organisation: null when it is not one of its invitations by
 * letter (another organisation's, or sent by SMS or mail only); 'closed' when it is no longer pending (booked,
 * declined, cancelled, expired): a letter whose link leads nowhere is not printed.
 */
export async function letterOf(
  db: DbOrTx,
  organisationId: string,
  invitationId: string,
  now: Date,
): Promise<{ ok: true; data: LetterData; candidateId: string } | { ok: false; reason: LetterRefusal }> {
  const [row] = await db
    .select({
      candidateId: invitations.candidateId,
      channels: invitations.channels,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
      createdAt: invitations.createdAt,
      theme: invitations.theme,
      codeSealed: invitations.codeSealed,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      address: candidates.addressFormatted,
      organisation: organisations.name,
      contactPhone: organisations.contactPhone,
      contactEmail: organisations.contactEmail,
    })
    .from(invitations)
    .innerJoin(candidates, eq(candidates.id, invitations.candidateId))
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.organisationId, organisationId),
        eq(candidates.organisationId, organisationId),
      ),
    )
  if (!row || !row.channels.includes('letter')) return { ok: false, reason: 'notFound' }
  if (row.status !== 'pending' || (row.expiresAt && row.expiresAt <= now)) return { ok: false, reason: 'closed' }
  return {
    ok: true,
    candidateId: row.candidateId,
    data: {
      organisation: row.organisation,
      contactPhone: row.contactPhone,
      contactEmail: row.contactEmail,
      name: fullName(row),
      address: row.address ?? '',
      theme: row.theme,
      code: unseal(row.codeSealed),
      lastDay: row.expiresAt ? new Date(row.expiresAt.getTime() - 1) : null,
      sentAt: row.createdAt,
    },
  }
}

/** "ABCDEFGH" → "ABCD EFGH": two groups read and typed more surely than eight signs. */
export const groupedCode = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`

/** The file's name: no personal data, the day it went. */
export const letterFileName = (data: LetterData) => `invitation-${parisToday(data.sentAt)}.pdf`

/**
 * The invitation letter, one A4 page: the organisation, the person's name and postal address where a window envelope
 * shows them, the theme and the last day, then the two ways in — the link as a QR code and as text, and the short
 * code in large type with the address to type it on. No markup reaches the PDF.
 */
export async function renderInvitationLetter(data: LetterData): Promise<Buffer> {
  const link = invitationLink(data.code)
  const typeAt = `${appUrl().replace(/^https?:\/\//, '')}/i`
  const organisation = plainText(data.organisation)
  const theme = plainText(data.theme)
  const doc = new PDFDocument({
    size: 'A4',
    margin: 20 * MM,
    info: { Title: `Invitation – ${theme}`, Producer: 'Passerelle' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right

  // The sender, top left.
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(organisation, left, 20 * MM, { width: 80 * MM })
  doc.font('Helvetica').fontSize(9)
  if (data.contactPhone) doc.text(`Tél.\u00a0: ${plainText(data.contactPhone)}`, { width: 80 * MM })
  if (data.contactEmail) doc.text(plainText(data.contactEmail), { width: 80 * MM })

  // The recipient, in the envelope's window.
  doc.font('Helvetica-Bold').fontSize(11).text(plainText(data.name), WINDOW.x, WINDOW.y, { width: WINDOW.width })
  doc.font('Helvetica').fontSize(11)
  for (const line of addressLines(data.address)) doc.text(line, { width: WINDOW.width })

  doc
    .fontSize(10)
    .text(`Le ${formatDate(data.sentAt)}`, left, 95 * MM, { width, align: 'right' })
    .moveDown(1.5)
  doc.font('Helvetica-Bold').fontSize(12).text(`Objet\u00a0: invitation à l’atelier «\u00a0${theme}\u00a0»`, left)
  doc.moveDown(1).font('Helvetica').fontSize(11)
  doc.text(`Bonjour ${plainText(data.name)},`).moveDown(0.6)
  doc.text(
    `${organisation} vous invite à l’atelier «\u00a0${theme}\u00a0». Choisissez vous-même la date qui vous convient ` +
      `parmi les séances proposées, ${data.lastDay ? `avant le ${formatDate(data.lastDay)} inclus` : 'tant qu’il reste des places'}.`,
    { width },
  )

  // 1. The QR code and the link.
  const top = doc.y + 8 * MM
  const qrSize = 42 * MM
  drawQrCode(doc, link, left, top, qrSize)
  const textX = left + qrSize + 8 * MM
  const textWidth = width - qrSize - 8 * MM
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Avec un téléphone', textX, top + 2 * MM, { width: textWidth })
  doc
    .font('Helvetica')
    .fontSize(11)
    .moveDown(0.3)
    .text('Scannez ce code avec l’appareil photo de votre téléphone, ou ouvrez ce lien\u00a0:', { width: textWidth })
    .moveDown(0.3)
  doc.font('Helvetica-Bold').fontSize(11).text(link, { width: textWidth, link, underline: true })

  // 2. The code, to type.
  doc.y = top + qrSize + 10 * MM
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Sans appareil photo, ou sur un ordinateur\u00a0: votre code', left, doc.y, {
      width,
    })
  doc
    .moveDown(0.5)
    .font('Courier-Bold')
    .fontSize(36)
    .text(groupedCode(data.code), left, doc.y, { width, align: 'center', characterSpacing: 4 })
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(12)
    .text(`tapez-le sur ${typeAt}`, left, doc.y, { width, align: 'center' })

  doc.moveDown(1.5).fontSize(11)
  doc.text(
    'Pour vérifier qu’il s’agit bien de vous, la page vous demandera les trois premières lettres de votre nom de ' +
      'famille. Vous recevrez ensuite la date et le lieu de votre séance, et pourrez l’annuler ou la changer.',
    left,
    doc.y,
    { width },
  )
  const contact = [
    data.contactPhone && `au ${plainText(data.contactPhone)}`,
    data.contactEmail && plainText(data.contactEmail),
  ]
    .filter(Boolean)
    .join(' ou à ')
  doc.moveDown(0.8).text(`Une question\u00a0? Contactez ${organisation}${contact ? ` ${contact}` : ''}.`, { width })
  doc.end()
  return done
}

/** A postal address kept on one line ("12 rue du Port, 76000 Rouen") as the lines an envelope shows. */
export function addressLines(address: string): string[] {
  return plainText(address)
    .split(/\s*[,\n]\s*/)
    .map((l) => l.trim())
    .filter(Boolean)
}

/** The link as a QR code of vector squares (each row's dark runs as one rectangle), with its quiet zone left white. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const cell = size / (modules.size + 8)
  const origin = { x: x + 4 * cell, y: y + 4 * cell }
  for (let row = 0; row < modules.size; row++) {
    let run = -1
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col)
      if (dark && run < 0) run = col
      if (!dark && run >= 0) {
        doc.rect(origin.x + run * cell, origin.y + row * cell, (col - run) * cell, cell)
        run = -1
      }
    }
  }
  doc.fill('#000000')
}
