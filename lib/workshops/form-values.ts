import { parisDateTimeInput } from '@/lib/dates'
import { fullName } from '@/lib/person-name'

/** A workshop's form values (datetime-local in Paris time). */
export function workshopFormValues(w: {
  name: string
  theme: string
  description: string
  startsAt: Date | null
  endsAt: Date | null
  addressFormatted: string | null
  videoUrl: string | null
  capacity: number | null
  structureId: string | null
  fseFunded: boolean
  facilitators: { id: string }[]
}) {
  return {
    title: w.name,
    theme: w.theme,
    description: w.description,
    startsAt: parisDateTimeInput(w.startsAt),
    endsAt: parisDateTimeInput(w.endsAt),
    addressFormatted: w.addressFormatted ?? '',
    videoUrl: w.videoUrl ?? '',
    capacity: String(w.capacity ?? ''),
    facilitatorIds: w.facilitators.map((f) => f.id),
    structureId: w.structureId ?? '',
    fseFunded: w.fseFunded,
  }
}

export const staffChoices = (rows: { id: string; firstName: string | null; lastName: string | null }[]) =>
  rows.map((u) => ({ id: u.id, name: fullName(u) }))
