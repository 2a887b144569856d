import { activeCauses } from '@/lib/applies/causes'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { getDb } from '@/lib/db/client'
import { listChallenges } from '@/lib/offers/challenges'
import { answerReminderDays, prescriberDefaults, receivedAnswers, unansweredPrescriptions } from '@/lib/prescriptions/queries'
import { listTemplates } from '@/lib/sms/queries'
import { processCache } from './process-cache'

/**
 * An organisation's settings as its pages show them (issue 16 §1: four or five statements at each view of a list,
 * for rows that change a few times a year), and the home page's lists of answers and late prescriptions, kept by each
 * app process until one of their tables changes (lib/cache/process-cache.ts). Writes never read from here: a form's
 * check reads the settings afresh in its transaction.
 */
const candidateSettingsCache = processCache<Awaited<ReturnType<typeof candidateSettings>>>(['places', 'candidate_statuses', 'custom_field_definitions', 'user'], { max: 200 })
const smsTemplatesCache = processCache<Awaited<ReturnType<typeof listTemplates>>>(['sms_templates'], { max: 200 })

/** The places, statuses, custom fields and referents of a candidate form, filter bar or sheet. */
export const pageCandidateSettings = (organisationId: string) =>
  candidateSettingsCache().read(organisationId, () => candidateSettings(getDb(), organisationId))

/** The organisation's active SMS templates, for the SMS composer. */
export const pageSmsTemplates = (organisationId: string) => smsTemplatesCache().read(organisationId, () => listTemplates(getDb(), organisationId))

const prescriberCache = processCache<Awaited<ReturnType<typeof prescriberDefaults>>>(['user', 'organisations'], { max: 500 })

/** What a prescription form fills in for the prescriber: their name, contact and organisation. */
export const pagePrescriberDefaults = (userId: string, organisationId: string) =>
  prescriberCache().read(`${userId} ${organisationId}`, () => prescriberDefaults(getDb(), userId, organisationId))

const causesCache = processCache<Awaited<ReturnType<typeof activeCauses>>>(['organisation_refusal_causes'], { max: 200 })

/** The refusal causes the organisation offers now, for the answer forms. */
export const pageActiveCauses = (organisationId: string) => causesCache().read(organisationId, () => activeCauses(getDb(), organisationId))

const reminderDaysCache = processCache<number>(['organisations'], { max: 200 })

/** The organisation's delay before an unanswered prescription is late, in days. */
export const pageAnswerReminderDays = (organisationId: string) => reminderDaysCache().read(organisationId, () => answerReminderDays(getDb(), organisationId))

const challengesCache = processCache<Awaited<ReturnType<typeof listChallenges>>>(['challenges'], { max: 200 })

/** The challenges ("freins") the organisation sees, for the filters and forms. */
export const pageChallenges = (organisationId: string) => challengesCache().read(organisationId, () => listChallenges(getDb(), organisationId))

const unansweredCache = processCache<Awaited<ReturnType<typeof unansweredPrescriptions>>>(['social_applies', 'candidates', 'social_offers', 'fups', 'organisation_refusal_causes'], { max: 500 })

/**
 * The prescriptions late for an answer (the actions dashboard and the home page): the organisation's, or one author's.
 * Kept until a prescription, a candidate, an offer, a sheet or a refusal cause changes, within the minute of `now`: a prescription
 * turns late on these pages within a minute of its delay.
 */
export const pageUnansweredPrescriptions = (params: { organisationId: string; authorId: string | null; days: number; now: Date }) => {
  const minute = Math.floor(params.now.getTime() / 60_000)
  return unansweredCache().read(JSON.stringify([params.organisationId, params.authorId, params.days, minute]), () =>
    unansweredPrescriptions(getDb(), { ...params, now: new Date(minute * 60_000) }),
  )
}

const answersCache = processCache<Awaited<ReturnType<typeof receivedAnswers>>>(['notifications', 'social_applies', 'candidates', 'social_offers', 'fups', 'organisation_refusal_causes'], { max: 500 })

/** The partners' answers notified to a user (the home page), within the minute of `now`, like the late prescriptions. */
export const pageReceivedAnswers = (params: { userId: string; organisationId: string; now: Date }) => {
  const minute = Math.floor(params.now.getTime() / 60_000)
  return answersCache().read(JSON.stringify([params.userId, params.organisationId, minute]), () => receivedAnswers(getDb(), { ...params, now: new Date(minute * 60_000) }))
}
