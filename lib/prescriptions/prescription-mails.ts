import { z } from 'zod'

/**
 * How a partner user hears of their structure's prescriptions (users.prescription_mails): one mail per new prescription
 * and per reminder, as before issue 40, or one digest (lib/prescriptions/digest.ts) a day or a week. Daily by default:
 * a structure that receives thirty prescriptions a week reads one mail a day, not thirty.
 */
export const PRESCRIPTION_MAIL_CHOICES = ['perPrescription', 'daily', 'weekly'] as const
export type PrescriptionMails = (typeof PRESCRIPTION_MAIL_CHOICES)[number]
export const DEFAULT_PRESCRIPTION_MAILS: PrescriptionMails = 'daily'

/** The radio group's options, in the account's "Mails de prescriptions". */
export const PRESCRIPTION_MAIL_LABELS: Record<PrescriptionMails, { label: string; hint: string }> = {
  perPrescription: {
    label: 'Un mail par prescription',
    hint: 'Dès qu’une prescription arrive, puis pour chaque relance.',
  },
  daily: {
    label: 'Un récapitulatif par jour',
    hint: 'Du lundi au vendredi à 8\u00a0h\u00a0: les nouvelles prescriptions et celles qui attendent votre réponse.',
  },
  weekly: {
    label: 'Un récapitulatif par semaine',
    hint: 'Le lundi à 8\u00a0h\u00a0: les nouvelles prescriptions et celles qui attendent votre réponse.',
  },
}

export const prescriptionMailsSchema = z.enum(PRESCRIPTION_MAIL_CHOICES, {
  error: 'Choisissez comment recevoir les mails de prescriptions.',
})

export const PRESCRIPTION_MAILS_SAVED = 'Votre choix de mails de prescriptions est enregistré.'
