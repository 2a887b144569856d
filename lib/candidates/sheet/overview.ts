import type { CurrentUser } from '@/lib/auth/session'
import { candidateOverview } from '@/lib/candidates/overview'
import { parisToday } from '@/lib/dates'
import type { DbOrTx } from '@/lib/db/client'
import { candidateFollowUp } from '@/lib/invitations/follow-up'
import { can } from '@/lib/permissions'
import { mayPrescribe } from '@/lib/prescriptions/may-prescribe'
import { prescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { listTemplates, smsRecipient } from '@/lib/sms/queries'
import { templateValues } from '@/lib/sms/template-variables'
import type { SheetScope } from './sections'

type Sender = Pick<
  CurrentUser,
  'id' | 'organisationId' | 'firstName' | 'lastName' | 'role' | 'permissions' | 'rolePermissions'
> & {
  phone?: string | null
}

/**
 * The overview tab: what is in motion for the candidate, what the user may do from it, and what the quick actions
 * need (the prescriber's defaults, the SMS composer's templates and values) when the user's permissions allow them,
 * and the follow-up of the workshop themes the candidate was invited to.
 * Null: no such candidate.
 */
export async function loadSheetOverview(db: DbOrTx, params: SheetScope & { user: Sender; at: Date }) {
  const { organisationId, candidateId, user, at } = params
  const overview = await candidateOverview(db, organisationId, candidateId, at)
  if (!overview) return null
  const may = {
    smsSend: can(user, 'candidate.sms.send'),
    diagnosis: can(user, 'candidate.diagnosis.modify'),
    workshop: can(user, 'workshops.modify'),
    course: can(user, 'support-courses.modify'),
    placement: can(user, 'candidate.placement.modify'),
    openWorkshop: can(user, 'workshops.visualize'),
    openCourse: can(user, 'support-courses.visualize'),
  }
  const today = parisToday(at)
  if (overview.anonymisedAt) return { overview, prescriber: null, sms: null, invitations: [], today, may }
  const canSms = may.smsSend && !!overview.sms?.mobile && !overview.sms.optedOutAt
  const [prescriber, sms, invitations] = await Promise.all([
    mayPrescribe(user) ? prescriberDefaults(db, user.id, organisationId) : null,
    canSms ? smsComposerData(db, { organisationId, candidateId, sender: user }) : null,
    candidateFollowUp(db, organisationId, candidateId, at),
  ])
  return { overview, prescriber, sms, invitations, today, may }
}
export type SheetOverviewData = NonNullable<Awaited<ReturnType<typeof loadSheetOverview>>>

/** What the SMS composer needs: the organisation's templates, the candidate's values and sending hours (null: no SMS). */
export async function smsComposerData(db: DbOrTx, params: SheetScope & { sender: Sender }) {
  const { organisationId, candidateId, sender } = params
  const [recipient, templates] = await Promise.all([
    smsRecipient(db, organisationId, candidateId),
    listTemplates(db, organisationId),
  ])
  if (!recipient?.smsNumber || recipient.optedOutAt) return null
  return {
    templates: templates.map((t) => ({ id: t.id, name: t.name, body: t.body })),
    hours: recipient.hours,
    values: composerValues(recipient, sender),
  }
}

/** The template variables of a message from this sender to this recipient. */
export function composerValues(
  recipient: NonNullable<Awaited<ReturnType<typeof smsRecipient>>>,
  sender: Pick<Sender, 'firstName' | 'lastName' | 'phone'>,
) {
  return templateValues({
    candidate: recipient,
    referent:
      recipient.referentFirstName !== null
        ? {
            firstName: recipient.referentFirstName,
            lastName: recipient.referentLastName,
            phone: recipient.referentPhone,
          }
        : null,
    sender: { firstName: sender.firstName, lastName: sender.lastName, phone: sender.phone ?? null },
    organisationName: recipient.organisationName,
  })
}
