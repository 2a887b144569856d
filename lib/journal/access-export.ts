import { sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { candidateHistory, historyActionLabel } from '@/lib/candidates/history'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { getCandidate } from '@/lib/candidates/queries'
import type { Db, DbOrTx } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { PLACEMENT_STATUSES } from '@/lib/job-offers/labels'
import { GENDER_LABELS, ROLE_LABELS } from '@/lib/labels'
import { can, type PermissionSubject } from '@/lib/permissions'
import { PRESCRIPTION_STATE_LABELS } from '@/lib/prescriptions/states'
import { maskPersonalLinks } from '@/lib/sms/queries'
import { ATTENDANCE_LABELS } from '@/lib/workshops/schemas'
import { READ_KIND_LABELS } from './kind-labels'
import { recordRead, type ReadKind } from './record-read'
import { fullName } from '@/lib/person-name'

type Administrator = PermissionSubject & { id: string; organisationId: string | null }
type Json = Record<string, unknown>

/** The history rows a person's file may hold; more is a file no person reads, and the sheet keeps its own 200. */
const HISTORY_LIMIT = 10_000

const label = (labels: Record<string, string>, code: string | null | undefined) =>
  code == null ? null : (labels[code] ?? code)

/** A reader as the person is told of them: their role (and structure), not their name (CJUE C-579/21). */
const readerOf = (role: string | null, structure: string | null) =>
  [role ? (ROLE_LABELS[role] ?? role) : 'Compte supprimé', structure].filter(Boolean).join(' – ')

async function rows<T extends Json>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[]
}

/**
 * Everything Passerelle holds on one candidate of the administrator's organisation, as one JSON document with French
 * keys (a person reads it): identity and contact, follow-up, custom fields, prescriptions with their follow-up sheets
 * (the PDFs named, not included: they render the same sheets), SMS, workshops, courses, diagnoses, placements,
 * orientations, history and the read journal. Writes its own audit and journal rows first, in the same transaction,
 * so the file lists its own making.
 *
 * The NIR is not in it, only whether one is held: the rule "never in an export" stands, since this file leaves
 * Passerelle by mail or on a stick, and the person knows their own number; the sheet shows it through the audited reveal.
 * Readers are named by role and structure: the person is owed when and what was read, not who among the staff.
 */
export async function candidateAccessExport(
  db: Db,
  admin: Administrator,
  candidateId: string,
  at: Date,
): Promise<{ ok: true; document: Json } | { ok: false }> {
  const organisationId = admin.organisationId
  if (!organisationId || !can(admin, 'settings.visualize') || !isUuid(candidateId)) return { ok: false }
  return db.transaction(async (tx) => {
    const candidate = await getCandidate(tx, organisationId, candidateId)
    if (!candidate) return { ok: false } as const
    await writeAudit(tx, {
      actorId: admin.id,
      organisationId,
      action: 'candidate.access-export',
      entityType: 'candidate',
      entityId: candidateId,
    })
    await recordRead(tx, {
      actorId: admin.id,
      organisationId,
      ownerOrganisationId: organisationId,
      candidateId,
      kind: 'candidate.access-export',
      at,
    })
    const c = sql`${candidateId}::uuid`
    const o = sql`${organisationId}::uuid`
    // One after the other: a transaction is one connection, which runs one statement at a time anyway.
    const settings = await candidateSettings(tx, organisationId)
    const organisation = await rows<{ name: string }>(tx, sql`select name from organisations where id = ${o}`)
    const [prescriptions, sms, workshops, courses, diagnoses, placements, orientations] = [
      await rows(
        tx,
        sql`select a.id, a.state, a.archived, a.prescription_date, a.response_date, a.first_reception_date,
            a.assessment_date, a.cause, a.accompaniement, so.name as offer, ps.name as structure,
            f.beneficiary, f.prescription, f.partner_feedback,
            (select json_agg(json_build_object('nom', d.name, 'type', d.mime_type, 'octets', octet_length(d.content),
                'créé le', d.created_at) order by d.created_at)
              from documents d where d.id in (a.prescription_document_id, f.answer_document_id)) as documents
          from social_applies a
          join social_offers so on so.id = a.social_offer_id
          join partner_structures ps on ps.id = a.structure_id
          left join fups f on f.social_apply_id = a.id
          where a.organisation_id = ${o} and a.candidate_id = ${c}
          order by a.prescription_date`,
      ),
      await rows(
        tx,
        sql`select m.direction, m.kind, m.status, m.body, m.to_number, m.from_number, m.created_at, m.sent_at
          from sms_messages m where m.organisation_id = ${o} and m.candidate_id = ${c} order by m.created_at, m.id`,
      ),
      await rows(
        tx,
        sql`select w.name, w.theme, w.starts_at, w.status as workshop_status, r.status, r.attendance, r.created_at,
            r.cancelled_at
          from workshop_registrations r join workshops w on w.id = r.workshop_id and w.organisation_id = r.organisation_id
          where r.organisation_id = ${o} and r.candidate_id = ${c} order by w.starts_at nulls last, r.created_at`,
      ),
      await rows(
        tx,
        sql`select sc.name, e.enrolled_on, e.status, e.ended_on, e.end_reason,
            (select json_agg(json_build_object('étape', p.step_title, 'faite le', p.done_on, 'commentaire', p.comment)
              order by p.done_on) from support_course_progress p where p.enrolment_id = e.id) as steps
          from support_course_enrolments e join support_courses sc on sc.id = e.course_id
          where e.organisation_id = ${o} and e.candidate_id = ${c} order by e.enrolled_on`,
      ),
      await rows(
        tx,
        sql`select d.status, d.answers, d.created_at, d.answered_at, d.completed_at
          from diagnoses d where d.organisation_id = ${o} and d.candidate_id = ${c} order by d.created_at`,
      ),
      await rows(
        tx,
        sql`select jo.title, en.name as enterprise, jp.status, jp.interview_at, jp.reason, jp.created_at,
            (select json_agg(json_build_object('statut', ev.status, 'entretien', ev.interview_at, 'motif', ev.reason,
                'le', ev.at) order by ev.at) from job_placement_events ev where ev.placement_id = jp.id) as events
          from job_placements jp join job_offers jo on jo.id = jp.job_offer_id
          left join enterprises en on en.id = jo.enterprise_id
          where jp.organisation_id = ${o} and jp.candidate_id = ${c} order by jp.created_at`,
      ),
      await rows(
        tx,
        sql`select r.status, r.prescriber_structure, r.first_name, r.last_name, r.birth_date, r.phone, r.email,
            r.address_formatted, r.needs, r.situation, r.consent_at, r.created_at, r.decided_at, r.decline_reason
          from orientations r where r.organisation_id = ${o} and r.candidate_id = ${c} order by r.created_at`,
      ),
    ]
    const [history, journal] = [
      await candidateHistory(tx, organisationId, candidateId, HISTORY_LIMIT),
      await rows<{ at: Date; kind: ReadKind; role: string | null; structure: string | null }>(
        tx,
        sql`select j.at, j.kind, u.role, ps.name as structure
        from read_journal j left join "user" u on u.id = j.actor_id
        left join partner_structures ps on ps.id = j.structure_id
        where j.owner_organisation_id = ${o} and j.candidate_id = ${c} order by j.at, j.id`,
      ),
    ]
    const historyRoles = await rows<{ id: string; role: string | null; structure: string | null }>(
      tx,
      sql`select a.id::text, u.role, ps.name as structure from audit_log a left join "user" u on u.id = a.actor_id
        left join partner_structures ps on ps.id = a.structure_id
        where a.entity_type = 'candidate' and a.entity_id = ${candidateId} and a.organisation_id = ${o}`,
    )
    const roleOfHistory = new Map(historyRoles.map((h) => [h.id, readerOf(h.role, h.structure)]))
    const fields = [...settings.customFields, ...settings.archivedCustomFields]
    const customValues = (candidate.customFields ?? {}) as Record<string, unknown>

    const document: Json = {
      'à propos de ce fichier': {
        objet: 'Données personnelles conservées par Passerelle sur une personne (droit d’accès, article 15 du RGPD).',
        organisation: organisation[0]?.name ?? null,
        'produit le': at.toISOString(),
        'identifiant de la personne': candidateId,
        dates: 'Les dates et heures sont en temps universel (UTC), au format ISO 8601.',
        'numéro de sécurité sociale':
          'Non reproduit dans ce fichier\u00a0: Passerelle indique seulement s’il est enregistré. Il peut être communiqué à la personne sur demande.',
        documents:
          'Les fiches PDF (prescription, réponse du partenaire) sont nommées\u00a0; leur contenu est celui des fiches de liaison ci-dessous.',
        consultations:
          'Les consultations sont conservées selon la durée fixée par l’organisation (6 à 12 mois)\u00a0; leur auteur est désigné par sa fonction.',
      },
      identité: {
        nom: candidate.lastName,
        prénom: candidate.firstName,
        genre: label(GENDER_LABELS, candidate.gender),
        'date de naissance': candidate.birthDate,
        'numéro de sécurité sociale enregistré': candidate.hasNir,
        'numéro CAF': candidate.cafNumber,
        'identifiant France Travail': candidate.poleEmploiNumber,
      },
      coordonnées: {
        téléphone: candidate.phone,
        email: candidate.email,
        adresse: candidate.addressFormatted,
        'quartier prioritaire': candidate.addressIsQpv,
        'opposition aux SMS le': candidate.smsOptedOutAt?.toISOString() ?? null,
      },
      suivi: {
        statut: candidate.status,
        'lieu de résidence': candidate.place,
        référent: fullName({ firstName: candidate.referentFirstName, lastName: candidate.referentLastName }) || null,
        'fiche créée le': candidate.createdAt.toISOString(),
        'dernière modification le': candidate.updatedAt.toISOString(),
        'anonymisée le': candidate.anonymisedAt?.toISOString() ?? null,
      },
      'champs personnalisés': Object.fromEntries(
        Object.entries(customValues).map(([key, value]) => {
          const def = fields.find((f) => f.key === key)
          const optionLabel = (v: unknown) => def?.options.find((opt) => opt.value === v)?.label ?? v
          return [def?.label ?? key, Array.isArray(value) ? value.map(optionLabel) : optionLabel(value)]
        }),
      ),
      prescriptions: prescriptions.map((p) => ({
        offre: p.offer,
        'structure partenaire': p.structure,
        état: label(PRESCRIPTION_STATE_LABELS, p.state as string),
        'archivée par le partenaire': p.archived,
        'prescrite le': p.prescription_date,
        'réponse le': p.response_date,
        'premier accueil le': p.first_reception_date,
        'bilan le': p.assessment_date,
        motif: p.cause,
        accompagnement: p.accompaniement,
        'fiche de liaison': p.beneficiary
          ? {
              bénéficiaire: withoutNir(p.beneficiary as Json),
              prescription: p.prescription,
              'retour du partenaire': p.partner_feedback,
            }
          : null,
        documents: p.documents ?? [],
      })),
      sms: sms.map((m) => ({
        sens: m.direction === 'inbound' ? 'Reçu' : 'Envoyé',
        origine: m.kind,
        statut: m.status,
        texte: maskPersonalLinks(String(m.body)),
        'numéro destinataire': m.to_number,
        'numéro expéditeur': m.from_number,
        'créé le': m.created_at,
        'envoyé le': m.sent_at,
      })),
      ateliers: workshops.map((w) => ({
        atelier: w.name,
        thème: w.theme,
        date: w.starts_at,
        'atelier annulé': w.workshop_status === 'cancelled',
        inscription: w.status,
        présence: label(ATTENDANCE_LABELS, w.attendance as string | null),
        'inscrit le': w.created_at,
        'désinscrit le': w.cancelled_at,
      })),
      parcours: courses.map((e) => ({
        parcours: e.name,
        'inscrit le': e.enrolled_on,
        statut: e.status,
        'terminé le': e.ended_on,
        'motif de fin': e.end_reason,
        étapes: e.steps ?? [],
      })),
      diagnostics: diagnoses.map((d) => ({
        statut: d.status,
        réponses: d.answers,
        'créé le': d.created_at,
        'répondu le': d.answered_at,
        'terminé le': d.completed_at,
      })),
      emploi: placements.map((p) => ({
        offre: p.title,
        entreprise: p.enterprise,
        statut: label(PLACEMENT_STATUSES, p.status as string),
        entretien: p.interview_at,
        motif: p.reason,
        'positionné le': p.created_at,
        historique: p.events ?? [],
      })),
      orientations: orientations.map((r) => ({
        statut: r.status,
        'structure qui oriente': r.prescriber_structure,
        nom: r.last_name,
        prénom: r.first_name,
        'date de naissance': r.birth_date,
        téléphone: r.phone,
        email: r.email,
        adresse: r.address_formatted,
        besoins: r.needs,
        situation: r.situation,
        'consentement le': r.consent_at,
        'reçue le': r.created_at,
        'décidée le': r.decided_at,
        'motif du refus': r.decline_reason,
      })),
      historique: history.map((h) => ({
        le: h.at.toISOString(),
        action: historyActionLabel(h.action),
        'champs modifiés': h.fields,
        par: roleOfHistory.get(String(h.id)) ?? null,
      })),
      consultations: journal.map((j) => ({
        le: new Date(j.at).toISOString(),
        consultation: READ_KIND_LABELS[j.kind] ?? j.kind,
        par: readerOf(j.role, j.structure),
      })),
    }
    return { ok: true, document } as const
  })
}

/** An older sheet may still hold a NIR in its beneficiary part: never in this file. */
function withoutNir(beneficiary: Json): Json {
  const { socialSecurityNumber: _nir, ...rest } = beneficiary
  return rest
}
