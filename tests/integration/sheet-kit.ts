import * as s from '@/lib/db/schema'
import type { DbOrTx } from '@/lib/db/client'

/**
 * A prescription's follow-up sheet as the tests of the statistics write it: an empty beneficiary part (the figures read
 * none of it) and a referent's prescription part dated `prescriptionDate`.
 */
export async function insertSheet(db: DbOrTx, socialApplyId: string, prescriptionDate: string) {
  await db.insert(s.fups).values({
    socialApplyId,
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
      rsaReferentName: 'Jade Roy',
      email: 'jade@exemple.test',
      phone: '0600000000',
      structure: 'Département',
      address: 'Rouen',
      goal: 'Mobilité',
      validatePrescription: true,
      approveDemand: true,
      prescriptionDate,
    },
  })
}
