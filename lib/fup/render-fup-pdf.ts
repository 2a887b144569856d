import PDFDocument from 'pdfkit'
import sanitizeHtml from 'sanitize-html'
import type { FupBeneficiary, FupPartnerFeedback, FupPrescription } from '@/lib/db/schema'
import { causeLabel } from '@/lib/applies/cause-labels'
import { additionalFieldText } from './additional-field-text'
import { formatDate } from '@/lib/format'

export type FupPdfInput = {
  /** The prescribing organisation's cause labels (issue 15 §3); the defaults otherwise. */
  causeLabels?: Record<string, string>
  name: string
  offerName: string
  candidateName: string
  beneficiary: FupBeneficiary
  prescription: FupPrescription
  partnerFeedback?: FupPartnerFeedback | null
  sponsorsLogo?: { label: string }[]
}

const yesNo = (v: boolean) => (v ? 'Oui' : 'Non')

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** Markup is dropped (a pasted tag never reaches the sheet), then the entities sanitize-html escaped are turned back into text. */
export function plainText(value: string | null | undefined): string {
  return sanitizeHtml(value ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .trim()
}

/** Renders a follow-up sheet (prescription, and the partner's answer once given) as a PDF. Text only: no HTML reaches the PDF. */
export function renderFupPdf(input: FupPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: input.name, Producer: 'Passerelle' } })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const text = (v: string | null | undefined) => plainText(v) || '-'
  const section = (title: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(title).moveDown(0.3)
  const line = (label: string, value: string | null | undefined) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label} : `, { continued: true }).font('Helvetica').text(text(value))

  doc.font('Helvetica-Bold').fontSize(18).text(text(input.name))
  doc.font('Helvetica').fontSize(11).text(`Offre : ${text(input.offerName)}`)

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
  // The organisation's custom fields, then those its FUP model asks (issue 15 §3).
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
  }
  if (input.sponsorsLogo?.length) {
    section('Financeurs')
    doc.font('Helvetica').fontSize(10).text(input.sponsorsLogo.map((l) => text(l.label)).join(', '))
  }
  doc.end()
  return done
}
