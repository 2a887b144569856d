import { z } from 'zod'
import { isDateTimeInput } from '@/lib/dates'
import { freeText, optionalText, optionalUrl, requiredText } from '@/lib/directory/fields'
import { text } from '@/lib/text/safe-text'

export const WORKSHOP_MESSAGES = {
  titleRequired: 'Le titre de l’atelier est obligatoire.',
  startRequired: 'La date et l’heure de début sont obligatoires.',
  endRequired: 'L’heure de fin est obligatoire.',
  dateInvalid: 'La date ou l’heure n’est pas valide.',
  endNotAfterStart: 'La fin doit être après le début.',
  inPast: 'Un atelier ne peut pas commencer dans le passé.',
  placeRequired: 'Indiquez une adresse ou un lien de visioconférence.',
  capacityInvalid: 'La capacité est comprise entre 1 et 200 places.',
  capacityBelowTaken: (n: number) => `La capacité ne peut pas être inférieure aux ${n} places déjà prises.`,
  facilitatorUnknown: 'Un des animateurs choisis n’est pas un membre de votre organisation.',
  structureUnknown: 'Cette structure ne fait pas partie de vos partenaires.',
  cancelled: 'Cet atelier est annulé.',
  startedRegistration: 'Cet atelier a déjà commencé\u00a0: on ne peut plus s’y inscrire.',
  started: 'Cet atelier a déjà commencé\u00a0: il ne se modifie plus et ne s’annule plus.',
  noCandidate: 'Choisissez au moins un candidat.',
  tooManyCandidates: 'Inscrivez au plus 200 candidats à la fois.',
  candidateUnknown: 'Un des candidats choisis est introuvable.',
  alreadyRegistered: (names: string) => `Déjà inscrit à cet atelier\u00a0: ${names}. Aucun candidat n’a été ajouté.`,
  attendanceTooEarly: 'La présence se note une fois l’atelier commencé.',
  attendanceUnknown: 'Choisissez présent, absent excusé ou absent non excusé.',
  registrationCancelled: 'Cette inscription est annulée.',
} as const

/** 'yyyy-mm-ddThh:mm' (a datetime-local input, Paris time). */
const localDateTime = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  text({ error: WORKSHOP_MESSAGES.dateInvalid }).refine(isDateTimeInput, WORKSHOP_MESSAGES.dateInvalid).nullable(),
)

/** /workshops/create and the workshop's "Modifier". */
export const workshopSchema = z
  .object({
    title: requiredText(WORKSHOP_MESSAGES.titleRequired, 200),
    theme: z.preprocess((v) => (v == null ? '' : v), text().trim().max(100)),
    description: freeText(5000),
    startsAt: localDateTime,
    endsAt: localDateTime,
    addressFormatted: optionalText(500),
    videoUrl: optionalUrl,
    capacity: z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: WORKSHOP_MESSAGES.capacityInvalid })
        .int(WORKSHOP_MESSAGES.capacityInvalid)
        .min(1, WORKSHOP_MESSAGES.capacityInvalid)
        .max(200, WORKSHOP_MESSAGES.capacityInvalid),
    ),
    facilitatorIds: z.preprocess((v) => v ?? [], z.array(text().min(1).max(100)).max(20)),
    structureId: z.preprocess(
      (v) => (v === '' ? null : v),
      text().uuid(WORKSHOP_MESSAGES.structureUnknown).nullable().default(null),
    ),
    fseFunded: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()),
  })
  .superRefine((v, ctx) => {
    if (!v.startsAt) ctx.addIssue({ code: 'custom', message: WORKSHOP_MESSAGES.startRequired, path: ['startsAt'] })
    if (!v.endsAt) ctx.addIssue({ code: 'custom', message: WORKSHOP_MESSAGES.endRequired, path: ['endsAt'] })
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: 'custom', message: WORKSHOP_MESSAGES.endNotAfterStart, path: ['endsAt'] })
    if (!v.addressFormatted && !v.videoUrl)
      ctx.addIssue({ code: 'custom', message: WORKSHOP_MESSAGES.placeRequired, path: ['addressFormatted'] })
  })
export type WorkshopInput = z.infer<typeof workshopSchema>

export const registerSchema = z.object({
  candidateIds: z
    .array(text().uuid(WORKSHOP_MESSAGES.candidateUnknown))
    .min(1, WORKSHOP_MESSAGES.noCandidate)
    .max(200, WORKSHOP_MESSAGES.tooManyCandidates),
})

export const ATTENDANCE_LABELS = {
  present: 'Présent',
  excused: 'Absent excusé',
  unexcused: 'Absent non excusé',
} as const
export const attendanceSchema = z.object({
  attendance: z.enum(['present', 'excused', 'unexcused'], { error: WORKSHOP_MESSAGES.attendanceUnknown }),
})
