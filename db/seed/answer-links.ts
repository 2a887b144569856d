import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { DAY_MS } from '@/lib/dates'
import { insertSheetPrescription, type ReferentFields } from './waitlist'

/** The demo structure without an account, and its offer: fixed ids, so that the README can name them. */
export const DEMO_LINK_STRUCTURE_ID = '20000000-0000-4000-8000-000000000003'
export const DEMO_LINK_OFFER_ID = '30000000-0000-4000-8000-000000000006'

/**
 * A structure that Seine-Maritime works with but that has no account in Passerelle, as data·inclusion imports bring
 * them: prescribing to its offer shows « Envoyée à contact@…, la structure n’a pas de compte », and the mail at its
 * contact address (the outbox, with `npm start`) carries the signed link that answers it (lib/prescriptions/answer-link.ts).
 */
export async function seedAnswerLinks(
  tx: DbOrTx,
  ctx: {
    organisationId: string
    referentId: string
    prescription: ReferentFields
    /** Who waits for its answer: prescribed two days before the seed ran (no reminder due yet). */
    candidate: typeof s.candidates.$inferSelect
    now: Date
  },
) {
  await tx.insert(s.partnerStructures).values({
    id: DEMO_LINK_STRUCTURE_ID,
    organisationId: ctx.organisationId,
    name: 'Solidarauto Pays de Caux',
    addressFormatted: '3 rue de la Gare, 76190 Yvetot',
    phone: '0235000003',
    email: 'contact@garage-caux.test',
    presentation: 'Réparations à prix solidaire et prêt de véhicules pour se rendre au travail.',
  })
  await tx
    .insert(s.organisationPartnerStructures)
    .values({ organisationId: ctx.organisationId, structureId: DEMO_LINK_STRUCTURE_ID })
  await tx.insert(s.socialOffers).values({
    id: DEMO_LINK_OFFER_ID,
    offerId: 'garage-caux-reparation',
    name: 'Réparation de véhicule à prix solidaire',
    structureId: DEMO_LINK_STRUCTURE_ID,
    providerName: 'Solidarauto Pays de Caux',
    source: 'passerelle',
    financingModes: ['etat'],
    tags: ['mobilite'],
    serviceStartDate: '2026-01-01',
    serviceEndDate: null,
    description: '<p>Devis gratuit, réparation au coût des pièces, véhicule de prêt pendant les travaux.</p>',
  })
  await insertSheetPrescription(tx, {
    structureId: DEMO_LINK_STRUCTURE_ID,
    referentId: ctx.referentId,
    prescription: ctx.prescription,
    candidate: ctx.candidate,
    offerId: DEMO_LINK_OFFER_ID,
    offerName: 'Réparation de véhicule à prix solidaire',
    state: 'PRESCRIPTION_FILLED',
    at: new Date(ctx.now.getTime() - 2 * DAY_MS),
    goal: 'Faire réparer sa voiture pour garder son emploi d’agent d’entretien à Yvetot.',
    accompaniement: 'Solidarauto Pays de Caux',
  })
}
