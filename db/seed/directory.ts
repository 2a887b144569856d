import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'

/**
 * The demo data: enterprises with contacts, job offers in the organisation's places, and candidates placed on
 * them (one hired), so that the enterprises, job offers, job offer pages and the sheets' "Emploi" section show real
 * records. Lyon has an enterprise with one of Seine-Maritime's SIRETs: unique per organisation, not across them.
 */
export async function seedDirectory(
  tx: DbOrTx,
  ctx: {
    organisationId: string
    lyonId: string
    places: { id: string; label: string; organisationId: string }[]
    candidates: { id: string; organisationId: string }[]
    counsellorId: string
  },
) {
  const place = (label: string) =>
    ctx.places.find((p) => p.label === label && p.organisationId === ctx.organisationId)!.id
  const [boulangerie, transports, ehpad] = await tx
    .insert(s.enterprises)
    .values([
      {
        organisationId: ctx.organisationId,
        name: 'Boulangerie Durand & Fils',
        siret: '51234567800019',
        nafCode: '10.71C',
        addressFormatted: '8 rue Jeanne-d’Arc, 76000 Rouen',
        notes: 'Recrute toute l’année ; apprécie les candidats motivés, même sans expérience.',
      },
      {
        organisationId: ctx.organisationId,
        name: 'Transports Normands',
        siret: '52345678900016',
        nafCode: '49.41A',
        addressFormatted: 'ZI du Port, 76600 Le Havre',
        notes: '',
      },
      {
        organisationId: ctx.organisationId,
        name: 'EHPAD Les Tilleuls',
        siret: '53456789000015',
        nafCode: '87.10A',
        addressFormatted: '2 avenue des Canadiens, 76200 Dieppe',
        notes: 'Partenaire de la clause d’insertion.',
      },
      {
        organisationId: ctx.lyonId,
        name: 'Boulangerie Durand & Fils (Lyon)',
        siret: '51234567800019',
        nafCode: '10.71C',
        addressFormatted: '3 rue de la République, 69002 Lyon',
        notes: '',
      },
    ])
    .returning({ id: s.enterprises.id })
  await tx.insert(s.enterpriseContacts).values([
    {
      enterpriseId: boulangerie!.id,
      name: 'Michel Durand',
      role: 'Gérant',
      phone: '0235112233',
      email: 'michel@boulangerie-durand.test',
      position: 0,
    },
    {
      enterpriseId: transports!.id,
      name: 'Sophie Lemaire',
      role: 'Responsable RH',
      phone: '0235445566',
      email: 'rh@transports-normands.test',
      position: 0,
    },
    {
      enterpriseId: transports!.id,
      name: 'Marc Vasseur',
      role: 'Chef d’exploitation',
      phone: '0235445567',
      email: null,
      position: 1,
    },
    {
      enterpriseId: ehpad!.id,
      name: 'Nadia Haddad',
      role: 'Directrice',
      phone: null,
      email: 'direction@ehpad-tilleuls.test',
      position: 0,
    },
  ])
  const [vendeur, chauffeur, agent] = await tx
    .insert(s.jobOffers)
    .values([
      {
        organisationId: ctx.organisationId,
        enterpriseId: boulangerie!.id,
        title: 'Vendeur ou vendeuse en boulangerie',
        romeCode: 'D1106',
        contractType: 'cdd',
        workingTime: 'part',
        weeklyHours: '28',
        placeId: place('Rouen'),
        addressFormatted: '8 rue Jeanne-d’Arc, 76000 Rouen',
        startDate: '2026-12-01',
        endDate: '2027-05-31',
        positions: 2,
        salaryMin: 1450,
        salaryMax: 1550,
        description:
          '<p>Accueil des clients, mise en rayon et encaissement.</p><ul><li>Horaires du matin</li><li>Débutants acceptés</li></ul>',
        validFrom: '2026-11-01',
        validUntil: '2027-01-31',
        createdById: ctx.counsellorId,
      },
      {
        organisationId: ctx.organisationId,
        enterpriseId: transports!.id,
        title: 'Chauffeur livreur (permis B)',
        romeCode: 'N4105',
        contractType: 'cdi',
        workingTime: 'full',
        placeId: place('Le Havre'),
        addressFormatted: 'ZI du Port, 76600 Le Havre',
        startDate: '2027-01-04',
        positions: 1,
        salaryMin: 1900,
        salaryMax: 2100,
        description: '<p>Tournées de livraison en Seine-Maritime.</p>',
        createdById: ctx.counsellorId,
      },
      {
        organisationId: ctx.organisationId,
        enterpriseId: ehpad!.id,
        title: 'Agent de service hospitalier',
        romeCode: 'J1301',
        contractType: 'iae',
        workingTime: 'full',
        placeId: place('Dieppe'),
        addressFormatted: '2 avenue des Canadiens, 76200 Dieppe',
        positions: 1,
        positionsFilled: 1,
        status: 'filled',
        description: '<p>Entretien des locaux et aide aux repas.</p>',
        createdById: ctx.counsellorId,
      },
    ])
    .returning({ id: s.jobOffers.id })
  const seine = ctx.candidates.filter((c) => c.organisationId === ctx.organisationId)
  const plan = [
    { offer: vendeur!.id, candidate: seine[0]!.id, status: 'proposed' as const },
    {
      offer: vendeur!.id,
      candidate: seine[5]!.id,
      status: 'interview' as const,
      interviewAt: new Date(Date.UTC(2026, 10, 27, 9, 0)),
    },
    {
      offer: chauffeur!.id,
      candidate: seine[1]!.id,
      status: 'refused' as const,
      reason: 'Permis B en cours d’obtention',
    },
    { offer: agent!.id, candidate: seine[2]!.id, status: 'hired' as const },
  ]
  const placements = await tx
    .insert(s.jobPlacements)
    .values(
      plan.map((p) => ({
        organisationId: ctx.organisationId,
        jobOfferId: p.offer,
        candidateId: p.candidate,
        status: p.status,
        interviewAt: p.interviewAt ?? null,
        reason: p.reason ?? null,
        createdById: ctx.counsellorId,
      })),
    )
    .returning({ id: s.jobPlacements.id })
  await tx.insert(s.jobPlacementEvents).values([
    ...placements.map((p) => ({
      placementId: p.id,
      status: 'proposed' as const,
      actorId: ctx.counsellorId,
      at: new Date(Date.UTC(2026, 10, 10, 10, 0)),
    })),
    ...plan.flatMap((p, i) =>
      p.status === 'proposed'
        ? []
        : [
            {
              placementId: placements[i]!.id,
              status: p.status,
              interviewAt: p.interviewAt ?? null,
              reason: p.reason ?? null,
              actorId: ctx.counsellorId,
              at: new Date(Date.UTC(2026, 10, 18, 15, 0)),
            },
          ],
    ),
  ])
}
