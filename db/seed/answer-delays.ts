import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { DAY_MS } from '@/lib/dates'

/** The demo structure whose answers make the statistics' "Délais de réponse des partenaires" (issue 40 §5). */
export const DEMO_DELAYS_STRUCTURE_ID = '20000000-0000-4000-8000-0000000000d1'
export const DEMO_DELAYS_OFFER_ID = '30000000-0000-4000-8000-0000000000d1'

/**
 * Answered after these many days (Paris calendar days), integrated and refused in turn, from June to September 2026;
 * null: expired unanswered. Outside October, whose figures other demo walkthroughs count.
 */
const PLAN: { day: string; after: number | null }[] = [
  { day: '2026-06-03', after: 2 },
  { day: '2026-06-17', after: 12 },
  { day: '2026-06-24', after: null },
  { day: '2026-07-01', after: 4 },
  { day: '2026-07-08', after: 21 },
  { day: '2026-07-15', after: 8 },
  { day: '2026-07-22', after: null },
  { day: '2026-08-05', after: 35 },
  { day: '2026-08-19', after: 6 },
  { day: '2026-09-02', after: 15 },
  { day: '2026-09-09', after: 1 },
  { day: '2026-09-16', after: null },
]

/**
 * A partner structure that answers at its own pace, with a dozen answered and expired prescriptions of Seine-Maritime's
 * candidates, each with its follow-up sheet (the sheet's PDF left out, as retention leaves it), and one manual
 * prescription, which the delays leave out.
 */
export async function seedAnswerDelays(
  tx: DbOrTx,
  ctx: { organisationId: string; authorId: string; candidateIds: string[] },
) {
  await tx.insert(s.partnerStructures).values({
    id: DEMO_DELAYS_STRUCTURE_ID,
    organisationId: ctx.organisationId,
    name: 'Atelier vélo solidaire de Rouen',
    addressFormatted: '8 rue Saint-Sever, 76100 Rouen',
    phone: '0235000004',
    email: 'contact@velo-rouen.test',
    presentation: 'Prêt et réparation de vélos pour se rendre en formation ou au travail.',
  })
  await tx
    .insert(s.organisationPartnerStructures)
    .values({ organisationId: ctx.organisationId, structureId: DEMO_DELAYS_STRUCTURE_ID })
  await tx.insert(s.socialOffers).values({
    id: DEMO_DELAYS_OFFER_ID,
    offerId: 'velo-rouen-pret',
    name: 'Prêt de vélo pour l’emploi',
    structureId: DEMO_DELAYS_STRUCTURE_ID,
    providerName: 'Atelier vélo solidaire de Rouen',
    source: 'passerelle',
    financingModes: ['etat'],
    tags: ['mobilite'],
    serviceStartDate: '2026-01-01',
    serviceEndDate: null,
    description: '<p>Un vélo prêté trois mois, son entretien compris.</p>',
  })
  const plan = [...PLAN.map((p) => ({ ...p, manual: false })), { day: '2026-08-12', after: 3, manual: true }]
  for (const [i, p] of plan.entries()) {
    const prescribed = new Date(`${p.day}T08:30:00Z`)
    const answered = p.after === null ? null : new Date(prescribed.getTime() + p.after * DAY_MS + 3 * 3_600_000)
    const state = answered === null ? 'EXPIRED' : i % 3 === 1 ? 'REFUSED_STRUCTURE' : 'INTEGRATED_CANDIDATE'
    const [apply] = await tx
      .insert(s.socialApplies)
      .values({
        organisationId: ctx.organisationId,
        structureId: DEMO_DELAYS_STRUCTURE_ID,
        socialOfferId: DEMO_DELAYS_OFFER_ID,
        candidateId: ctx.candidateIds[i % ctx.candidateIds.length]!,
        state,
        prescriptionDate: prescribed,
        responseDate: answered,
        expiredAt: answered === null ? new Date(prescribed.getTime() + 60 * DAY_MS) : null,
        cause: state === 'REFUSED_STRUCTURE' ? 'outsideTerritory' : null,
        authorId: ctx.authorId,
        accompaniement: 'Atelier vélo solidaire de Rouen',
        createdAt: prescribed,
        updatedAt: answered ?? prescribed,
      })
      .returning({ id: s.socialApplies.id })
    if (p.manual) continue
    await tx.insert(s.fups).values({
      socialApplyId: apply!.id,
      name: 'Fiche de prescription',
      beneficiary: {
        gender: null,
        birthDate: null,
        address: null,
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
        structure: 'Département de Seine-Maritime',
        address: 'Quai Jean Moulin, 76100 Rouen',
        goal: 'Se rendre en formation à vélo.',
        validatePrescription: true,
        approveDemand: true,
        prescriptionDate: prescribed.toISOString(),
      },
      createdAt: prescribed,
    })
  }
}
