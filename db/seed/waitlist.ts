import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import type { FupBeneficiary, FupPrescription } from '@/lib/db/schema'
import { renderFupPdf } from '@/lib/fup/render-fup-pdf'
import { fullName } from '@/lib/person-name'

/** What the demo referent writes on every prescription sheet (the goal and the date aside). */
export type ReferentFields = Omit<
  FupPrescription,
  'goal' | 'validatePrescription' | 'approveDemand' | 'prescriptionDate'
>

/** The demo offer that publishes its places, all taken: fixed id, so that the README and tests can name it. */
export const DEMO_WAITLIST_OFFER_ID = '30000000-0000-4000-8000-000000000007'

/**
 * Mobilité Solidaire's « Location de vélo à assistance électrique » publishes its places (issue 40 §4): none is free,
 * and one prescription waits in its line. Its partner sees « Places et liste d’attente » on the offer page and frees a
 * place there; the referent sees « En liste d’attente (rang 1) » on the candidate sheet.
 */
export async function seedWaitlist(
  tx: DbOrTx,
  ctx: {
    structureId: string
    referentId: string
    prescription: ReferentFields
    candidate: typeof s.candidates.$inferSelect
  },
) {
  const offerName = 'Location de vélo à assistance électrique'
  await tx.insert(s.socialOffers).values({
    id: DEMO_WAITLIST_OFFER_ID,
    offerId: 'mobilite-solidaire-vae',
    name: offerName,
    structureId: ctx.structureId,
    providerName: 'Mobilité Solidaire',
    source: 'passerelle',
    financingModes: ['etat'],
    tags: ['mobilite'],
    serviceStartDate: '2026-01-01',
    serviceEndDate: null,
    description:
      '<p>Un vélo à assistance électrique loué 1 € par jour pendant trois mois, casque et antivol compris.</p>',
    freePlaces: 0,
  })
  await insertSheetPrescription(tx, {
    ...ctx,
    offerId: DEMO_WAITLIST_OFFER_ID,
    offerName,
    state: 'WAITLISTED',
    at: new Date(Date.UTC(2026, 9, 21, 9, 30)),
    goal: 'Se rendre sur un chantier d’insertion à 12 km, sans transport en commun le matin.',
    accompaniement: 'Mobilité Solidaire',
  })
}

/** A prescription with its sheet (the PDF and the FUP), made by the demo referent at `at`. */
export async function insertSheetPrescription(
  tx: DbOrTx,
  ctx: {
    structureId: string
    referentId: string
    prescription: ReferentFields
    candidate: typeof s.candidates.$inferSelect
    offerId: string
    offerName: string
    state: 'PRESCRIPTION_FILLED' | 'WAITLISTED'
    at: Date
    goal: string
    accompaniement: string
  },
) {
  const c = ctx.candidate
  const beneficiary: FupBeneficiary = {
    gender: c.gender,
    birthDate: c.birthDate,
    address: c.addressFormatted ? { formatted: c.addressFormatted, isQPV: c.addressIsQpv } : null,
    phone: c.phone,
    email: c.email,
    socialSecurityNumber: null,
    cafNumber: null,
    poleEmploiNumber: null,
    additionalFields: [],
  }
  const prescription: FupPrescription = {
    ...ctx.prescription,
    goal: ctx.goal,
    validatePrescription: true,
    approveDemand: true,
    prescriptionDate: ctx.at.toISOString(),
  }
  const pdf = await renderFupPdf({
    name: 'Fiche de prescription',
    offerName: ctx.offerName,
    candidateName: fullName(c),
    beneficiary,
    prescription,
  })
  const [doc] = await tx
    .insert(s.documents)
    .values({ name: 'Fiche.pdf', mimeType: 'application/pdf', content: pdf })
    .returning({ id: s.documents.id })
  const [apply] = await tx
    .insert(s.socialApplies)
    .values({
      organisationId: c.organisationId,
      structureId: ctx.structureId,
      socialOfferId: ctx.offerId,
      candidateId: c.id,
      state: ctx.state,
      waitlistedAt: ctx.state === 'WAITLISTED' ? ctx.at : null,
      prescriptionDocumentId: doc!.id,
      prescriptionDate: ctx.at,
      createdAt: ctx.at,
      authorId: ctx.referentId,
      accompaniement: ctx.accompaniement,
    })
    .returning({ id: s.socialApplies.id })
  await tx
    .insert(s.fups)
    .values({ socialApplyId: apply!.id, name: 'Fiche de prescription', beneficiary, prescription, sponsorsLogo: [] })
}
