import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'

/**
 * The demo workshops: one coming with seats taken and a waitlist, one past with its attendance, so that the
 * dashboard's two tabs and a workshop's page show real records. Élodie Durand (the demo's first candidate) has a seat
 * on the coming one: her sheet's overview shows a next workshop.
 */
export async function seedWorkshops(
  tx: DbOrTx,
  ctx: {
    organisationId: string
    counsellorId: string
    referentId: string
    candidates: { id: string; organisationId: string }[]
  },
) {
  const seine = ctx.candidates.filter((c) => c.organisationId === ctx.organisationId)
  const [coming, past] = await tx
    .insert(s.workshops)
    .values([
      {
        organisationId: ctx.organisationId,
        name: 'Préparer un entretien d’embauche',
        theme: 'Emploi',
        description: 'Se présenter, parler de son parcours, répondre aux questions difficiles.',
        startsAt: new Date('2027-01-14T13:30:00Z'),
        endsAt: new Date('2027-01-14T15:30:00Z'),
        addressFormatted: 'Maison de l’emploi, 12 rue Jeanne-d’Arc, 76000 Rouen',
        capacity: 4,
        seatsTaken: 4,
        waitlistCount: 1,
        fseFunded: true,
        createdById: ctx.counsellorId,
      },
      {
        organisationId: ctx.organisationId,
        name: 'Atelier numérique\u00a0: créer sa messagerie',
        theme: 'Numérique',
        description: 'Créer une adresse électronique et l’utiliser pour ses démarches.',
        startsAt: new Date('2026-11-12T09:00:00Z'),
        endsAt: new Date('2026-11-12T11:00:00Z'),
        videoUrl: 'https://visio.exemple.test/atelier-numerique',
        capacity: 8,
        seatsTaken: 2,
        waitlistCount: 0,
        createdById: ctx.referentId,
        createdAt: new Date('2026-11-01T09:00:00Z'),
      },
    ])
    .returning({ id: s.workshops.id })
  await tx.insert(s.workshopFacilitators).values([
    { workshopId: coming!.id, userId: ctx.counsellorId },
    { workshopId: past!.id, userId: ctx.referentId },
  ])
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute))
  await tx.insert(s.workshopRegistrations).values([
    ...[0, 1, 2].map((i) => ({
      organisationId: ctx.organisationId,
      workshopId: coming!.id,
      candidateId: seine[i + 3]!.id,
      status: 'registered' as const,
      createdById: ctx.counsellorId,
      createdAt: at(i),
    })),
    {
      organisationId: ctx.organisationId,
      workshopId: coming!.id,
      candidateId: seine[0]!.id,
      status: 'registered' as const,
      createdById: ctx.referentId,
      createdAt: at(6),
    },
    {
      organisationId: ctx.organisationId,
      workshopId: coming!.id,
      candidateId: seine[6]!.id,
      status: 'waitlisted' as const,
      createdById: ctx.counsellorId,
      createdAt: at(7),
    },
    {
      organisationId: ctx.organisationId,
      workshopId: past!.id,
      candidateId: seine[7]!.id,
      status: 'registered' as const,
      attendance: 'present' as const,
      createdById: ctx.referentId,
      createdAt: at(4),
    },
    {
      organisationId: ctx.organisationId,
      workshopId: past!.id,
      candidateId: seine[8]!.id,
      status: 'registered' as const,
      attendance: 'excused' as const,
      createdById: ctx.referentId,
      createdAt: at(5),
    },
  ])
}
