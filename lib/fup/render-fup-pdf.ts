import PDFDocument from 'pdfkit'
import sanitizeHtml from 'sanitize-html'
import SVGtoPDF from 'svg-to-pdfkit'
import type { FupBeneficiary, FupPartnerFeedback, FupPrescription } from '@/lib/db/schema'
import { causeLabel } from '@/lib/prescriptions/cause-labels'
import { CONVOCATION_KEYS, CONVOCATION_LABELS, CONVOCATION_REASONS } from '@/lib/prescriptions/fup-answer-schema'
import { additionalFieldText } from './additional-field-text'
import { formatDate } from '@/lib/dates'
import { EMPTY_VALUE } from '@/lib/format'
import { loadSponsorLogo, type LogoImage } from './sponsor-logo-image'

export type FupPdfInput = {
  /** The prescribing organisation's cause labels; the defaults otherwise. */
  causeLabels?: Record<string, string>
  name: string
  offerName: string
  candidateName: string
  beneficiary: FupBeneficiary
  prescription: FupPrescription
  partnerFeedback?: FupPartnerFeedback | null
  /** Drawn from public/logos when `uri` names one of its files (SVG, PNG, JPEG); otherwise the label is printed. */
  sponsorsLogo?: { label: string; uri?: string }[]
}

/** A logo's box on the sheet, in points: logos are scaled to fit it, side by side, their label underneath. */
const LOGO_BOX = { width: 110, height: 44, gap: 16, caption: 12 }

const yesNo = (v: boolean) => (v ? 'Oui' : 'Non')

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** Markup is dropped (a pasted tag never reaches the sheet), then the entities sanitize-html escaped are turned back into text. */
export function plainText(value: string | null | undefined): string {
  return sanitizeHtml(value ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .trim()
}

/**
 * Renders a follow-up sheet (prescription, and the partner's answer once given: decision, cause, dates and the three
 * convocations) as a PDF, with the sponsors' logos drawn. No HTML reaches the PDF.
 */
export async function renderFupPdf(input: FupPdfInput): Promise<Buffer> {
  const logos = await Promise.all(
    (input.sponsorsLogo ?? []).map(async (l) => ({ label: l.label, image: await loadSponsorLogo(l.uri) })),
  )
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: input.name, Producer: 'Passerelle' } })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const text = (v: string | null | undefined) => plainText(v) || EMPTY_VALUE
  const section = (title: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(title).moveDown(0.3)
  const line = (label: string, value: string | null | undefined) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label} : `, { continued: true }).font('Helvetica').text(text(value))

  doc.font('Helvetica-Bold').fontSize(18).text(text(input.name))
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`Offre : ${text(input.offerName)}`)

  const b = input.beneficiary
  section('Bénéficiaire')
  line('Nom', input.candidateName)
  line('Genre', b.gender === 'F' ? 'Femme' : b.gender === 'M' ? 'Homme' : null)
  line('Date de naissance', formatDate(b.birthDate))
  line('Adresse', b.address ? `${b.address.formatted}${b.address.isQPV ? ' (QPV)' : ''}` : null)
  line('Téléphone', b.phone)
  line('Email', b.email)
  line('Numéro CAF', b.cafNumber)
  line('Identifiant France Travail', b.poleEmploiNumber)
  // The organisation's custom fields, then those its FUP model asks.
  for (const field of b.additionalFields ?? []) line(field.label, additionalFieldText(field))

  const p = input.prescription
  section('Prescription')
  line('Référent RSA', p.rsaReferentName)
  line('Structure', p.structure)
  line('Email', p.email)
  line('Téléphone', p.phone)
  line('Adresse', p.address)
  line('Objectif', p.goal)
  line('Prescription validée', yesNo(p.validatePrescription))
  line('Demande approuvée', yesNo(p.approveDemand))
  line('Date de prescription', formatDate(p.prescriptionDate))

  const f = input.partnerFeedback
  if (f) {
    section('Retour du partenaire')
    line('Accompagnateur', f.accompanierName)
    line('Partenaire', f.name)
    line('Email', f.email)
    line('Téléphone', f.phone)
    line('Adresse', f.address)
    line('Décision', f.decision.partnerDecision === 'integrated' ? 'Intégré' : 'Non intégré')
    if (f.decision.partnerDecision !== 'integrated') line('Motif', causeLabel(f.decision.cause, input.causeLabels))
    line('Date du 1er accueil', formatDate(f.decision.firstReceptionDate))
    line('Date du bilan prévu', formatDate(f.decision.assessmentDate))
    CONVOCATION_KEYS.forEach((key, i) => {
      const convocation = f.decision[key]
      if (!convocation) return
      const reason = convocation.reason ? CONVOCATION_REASONS[convocation.reason] : null
      line(CONVOCATION_LABELS[i]!, [formatDate(convocation.date), reason].filter(Boolean).join(' – '))
    })
  }
  if (logos.length) {
    section('Financeurs')
    drawLogos(
      doc,
      logos.map((l) => ({ label: text(l.label), image: l.image })),
    )
  }
  doc.end()
  return done
}

/** The sponsors' logos in rows, each scaled into LOGO_BOX, its label under it; a logo not of ours, its label only. */
function drawLogos(doc: PDFKit.PDFDocument, logos: { label: string; image: LogoImage | null }[]) {
  const left = doc.page.margins.left
  const right = doc.page.width - doc.page.margins.right
  const rowHeight = LOGO_BOX.height + LOGO_BOX.caption + LOGO_BOX.gap
  let x = left
  let y = doc.y
  for (const logo of logos) {
    if (x + LOGO_BOX.width > right) {
      x = left
      y += rowHeight
    }
    if (y + rowHeight > doc.page.height - doc.page.margins.bottom) {
      doc.addPage()
      x = left
      y = doc.y
    }
    if (logo.image?.kind === 'raster') {
      doc.image(logo.image.data, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height], align: 'center', valign: 'center' })
    } else if (logo.image?.kind === 'svg') {
      // Vectors, not a picture of them; an SVG's own links (images, other files) are never followed.
      SVGtoPDF(doc, logo.image.svg, x, y, {
        width: LOGO_BOX.width,
        height: LOGO_BOX.height,
        preserveAspectRatio: 'xMidYMid meet',
        imageCallback: () => '',
        documentCallback: () => [],
        warningCallback: () => undefined,
      })
    }
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(logo.label, x, logo.image ? y + LOGO_BOX.height + 2 : y + LOGO_BOX.height / 2 - 4, {
        width: LOGO_BOX.width,
        align: 'center',
      })
    x += LOGO_BOX.width + LOGO_BOX.gap
  }
  doc.x = left
  doc.y = y + rowHeight
}
