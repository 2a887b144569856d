import { formatDate, formatTime } from '@/lib/dates'

/**
 * The SMS of the workshops (issue 13 §1). The workshop's own values are written here; {prenom} and
 * {telephone_referent} are filled per candidate by queueSms (lib/sms/template-variables.ts).
 */
export type NoticeWorkshop = { name: string; startsAt: Date; addressFormatted: string | null; videoUrl: string | null }

const when = (w: NoticeWorkshop) => `le ${formatDate(w.startsAt)} à ${formatTime(w.startsAt)}`
const where = (w: NoticeWorkshop) => (w.addressFormatted ? `au ${w.addressFormatted}` : `en visioconférence\u00a0: ${w.videoUrl}`)
const question = ' Une question\u00a0? Votre référent\u00a0: {telephone_referent}.'

export const convocationText = (w: NoticeWorkshop) => `Bonjour {prenom}, vous êtes convoqué(e) à l’atelier «\u00a0${w.name}\u00a0» ${when(w)}, ${where(w)}.${question}`
export const promotionText = (w: NoticeWorkshop) => `Bonjour {prenom}, une place s’est libérée\u00a0: vous êtes inscrit(e) à l’atelier «\u00a0${w.name}\u00a0» ${when(w)}, ${where(w)}.${question}`
export const changeText = (w: NoticeWorkshop) => `Bonjour {prenom}, l’atelier «\u00a0${w.name}\u00a0» change\u00a0: il aura lieu ${when(w)}, ${where(w)}.${question}`
export const cancellationText = (w: NoticeWorkshop) => `Bonjour {prenom}, l’atelier «\u00a0${w.name}\u00a0» prévu ${when(w)} est annulé. Votre référent vous recontactera\u00a0: {telephone_referent}.`
export const reminderText = (w: NoticeWorkshop) => `Bonjour {prenom}, rappel\u00a0: atelier «\u00a0${w.name}\u00a0» demain à ${formatTime(w.startsAt)}, ${where(w)}.${question}`
