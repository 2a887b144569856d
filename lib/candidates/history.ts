import { and, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { auditLog, users } from '@/lib/db/schema'
import { fullName } from '@/lib/person-name'

/** The French label of each audited action on a candidate; an unknown action shows its code. */
export const HISTORY_ACTION_LABELS: Record<string, string> = {
  'candidate.create': 'Création de la fiche',
  'candidate.update': 'Modification de la fiche',
  'candidate.nir.read': 'Consultation du numéro de sécurité sociale',
  'candidate.import': 'Création par import',
  'candidate.statusChanged': 'Changement de statut',
  'candidate.anonymised': 'Anonymisation (durée de conservation dépassée)',
  'prescription.reminded': 'Relance du partenaire (prescription sans réponse)',
  'prescription.expired': 'Expiration de la prescription sans réponse',
  'placement.created': 'Positionnement sur une offre d’emploi',
  'placement.updated': 'Changement de statut d’un positionnement',
  'workshop.registered': 'Inscription à un atelier',
  'workshop.waitlisted': 'Inscription en liste d’attente d’un atelier',
  'workshop.promoted': 'Place obtenue dans un atelier (liste d’attente)',
  'workshop.registrationCancelled': 'Désinscription d’un atelier',
  'workshop.attendance': 'Présence à un atelier',
  'invitation.sent': 'Invitation à un atelier envoyée',
  'invitation.letterPrinted': 'Courrier d’invitation imprimé',
  'invitation.opened': 'Invitation ouverte (nom vérifié)',
  'invitation.checkFailed': 'Vérification du nom échouée (invitation)',
  'invitation.locked': 'Invitation bloquée 15 minutes (trop d’essais)',
  'invitation.booked': 'Place réservée depuis une invitation',
  'invitation.moved': 'Séance changée depuis une invitation',
  'invitation.cancelled': 'Réservation annulée depuis une invitation',
  'invitation.declined': 'Invitation déclinée',
  'invitation.reminded': 'Relance de l’invitation envoyée',
  'invitation.confirmed': 'Présence confirmée par SMS',
  'invitation.seatOffered': 'Place libérée proposée par SMS',
  'invitation.sessionReminded': 'Rappel de la séance réservée envoyé (48 heures avant)',
  'invitation.offerGone': 'Place proposée déjà prise à la réponse OUI',
  'invitation.offerRefused': 'Place proposée refusée par SMS',
  'invitation.linkSent': 'Lien de l’invitation renvoyé (réponse par SMS)',
  'supportCourse.enrolled': 'Inscription à un parcours',
  'supportCourse.stepDone': 'Étape de parcours faite',
  'supportCourse.finished': 'Parcours terminé',
  'supportCourse.abandoned': 'Parcours abandonné',
}

export function historyActionLabel(action: string): string {
  return HISTORY_ACTION_LABELS[action] ?? `Action « ${action} »`
}

/** The candidate's audit rows, newest first, with the actor's name: the sheet's "Historique" section. */
export async function candidateHistory(db: DbOrTx, organisationId: string, candidateId: string, limit = 200) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      details: auditLog.details,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entityType, 'candidate'),
        eq(auditLog.entityId, candidateId),
        eq(auditLog.organisationId, organisationId),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    action: r.action,
    /** Names of the changed fields of a 'candidate.update' row (never their values). */
    fields: Array.isArray(r.details.fields)
      ? (r.details.fields as unknown[]).filter((f): f is string => typeof f === 'string')
      : [],
    actorName: fullName({ firstName: r.actorFirstName, lastName: r.actorLastName }) || null,
  }))
}

export type HistoryRow = Awaited<ReturnType<typeof candidateHistory>>[number]
