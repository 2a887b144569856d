import { z } from 'zod'
import { STORED_APPLY_STATES } from '@/lib/prescriptions/states'
import { isCalendarDate } from '@/lib/calendar-date'
import { smsStatusEnum } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { DATASET_KEYS } from './datasets'
import { text } from '@/lib/text/safe-text'

export const EXPORT_MESSAGES = {
  datasetRequired: 'Choisissez les données à exporter.',
  formatRequired: 'Choisissez le format\u00a0: CSV ou Excel (XLSX).',
  columnsRequired: 'Choisissez au moins une colonne.',
  columnUnknown: 'Une des colonnes choisies n’existe pas pour ces données.',
  dateInvalid: 'La date s’écrit jj/mm/aaaa.',
  dateRangeInverted: 'La date de fin doit être le même jour ou après la date de début.',
  stateUnknown: 'Choisissez un état de prescription de la liste.',
  smsStatusUnknown: 'Choisissez un statut de SMS de la liste.',
  listUnknown: 'Un des choix n’existe pas (il a peut-être été supprimé).',
  tooMany: 'Vous avez déjà 3 exports en cours\u00a0: attendez qu’ils se terminent.',
} as const

const day = text().refine(isCalendarDate, EXPORT_MESSAGES.dateInvalid)
const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v)
const uuid = text().refine(isUuid, EXPORT_MESSAGES.listUnknown)

/** One export's request (the form and the server action share it). Columns are checked against the data set afterwards. */
export const exportRequestSchema = z
  .object({
    dataset: z.enum(DATASET_KEYS, { error: EXPORT_MESSAGES.datasetRequired }),
    format: z.enum(['csv', 'xlsx'], { error: EXPORT_MESSAGES.formatRequired }),
    columns: z
      .array(text().max(120), { error: EXPORT_MESSAGES.columnsRequired })
      .min(1, EXPORT_MESSAGES.columnsRequired)
      .max(100, EXPORT_MESSAGES.columnUnknown),
    from: z.preprocess(emptyToNull, day.nullable()),
    to: z.preprocess(emptyToNull, day.nullable()),
    state: z.preprocess(emptyToNull, z.enum(STORED_APPLY_STATES, { error: EXPORT_MESSAGES.stateUnknown }).nullable()),
    smsStatus: z.preprocess(
      emptyToNull,
      z.enum(smsStatusEnum.enumValues, { error: EXPORT_MESSAGES.smsStatusUnknown }).nullable(),
    ),
    statusIds: z.array(uuid).max(200).default([]),
    placeIds: z.array(uuid).max(200).default([]),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: EXPORT_MESSAGES.dateRangeInverted, path: ['to'] })
export type ExportRequest = z.output<typeof exportRequestSchema>
