'use server'

import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction } from '@/lib/frame/action'
import { setPrescriptionMails } from './digest-choice'
import { prescriptionMailsSchema } from './prescription-mails'

/** "Mails de prescriptions" on the account page: the partner user's own choice, for their structure's prescriptions. */
export const setPrescriptionMailsAction = defineAction({
  name: 'account.prescriptionMails',
  permission: null,
  tenant: 'structure',
  forbidden: 'Ce choix est réservé aux utilisateurs d’une structure partenaire.',
  invalid: 'Choisissez comment recevoir les mails de prescriptions.',
  input: z.tuple([prescriptionMailsSchema]),
  run: ({ user, structureId, input: [choice] }) => setPrescriptionMails(getDb(), { id: user.id, structureId }, choice),
})
