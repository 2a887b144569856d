import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { formatPhone } from '@/lib/phone'
import { exportCell } from './export-cell'
import { causeLabelSql } from '@/lib/prescriptions/causes'
import { PRESCRIPTION_STATE_LABELS } from '@/lib/prescriptions/states'
import { parisTextSql } from '@/lib/dates-sql'
import { fullNameSql } from '@/lib/person-name-sql'
import { SMS_STATUS_LABELS } from '@/lib/sms/status'
import { GENDER_LABELS } from '@/lib/labels'
import { ATTENDANCE_LABELS } from '@/lib/workshops/schemas'

/**
 * The data sets of /v2/settings/exports and the columns each offers. Every column is a fixed SQL
 * expression chosen from this list by its key: nothing a user types reaches the SQL. The NIR is offered by none.
 * Dates are Paris calendar days (dd/mm/yyyy), as on the screens.
 */
export type ExportColumn = {
  key: string
  label: string
  sql: SQL
  /** How a text value is written in the file, when it is not as stored (a phone number grouped by two). */
  format?: (value: string) => string
  /** A custom field's choices: a stored value is written as its label. */
  options?: Map<string, string>
}
export type ExportFilterKind = 'dateRange' | 'state' | 'smsStatus' | 'status' | 'place'

export type ExportDataset = {
  key: DatasetKey
  label: string
  /** `from … join …` with the row alias `r`, whose `id` (uuid) orders the pages. */
  from: SQL
  /** The tenant, part of every page's where. */
  tenant: (organisationId: string) => SQL
  /** The candidate a row is about (the read journal counts the persons of an export). */
  person: SQL
  /** The date a date range filters on. */
  dateColumn: SQL
  dateLabel: string
  columns: ExportColumn[]
  filters: ExportFilterKind[]
}

export const DATASET_KEYS = ['candidates', 'prescriptions', 'workshops', 'sms'] as const
export type DatasetKey = (typeof DATASET_KEYS)[number]

const parisDay = (column: SQL) => parisTextSql(column, 'DD/MM/YYYY')
const calendarDay = (column: SQL) => sql`to_char(${column}, 'DD/MM/YYYY')`
const labelCase = (column: SQL, labels: Record<string, string>) =>
  sql`case ${column} ${sql.join(
    Object.entries(labels).map(([code, label]) => sql`when ${code} then ${label}`),
    sql` `,
  )} else ${column}::text end`

const SMS_KIND_LABELS: Record<string, string> = {
  sheet: 'Fiche du candidat',
  bulk: 'Envoi groupé',
  'workshop.convocation': 'Convocation à un atelier',
  'workshop.reminder': 'Rappel d’atelier',
  'workshop.change': 'Changement d’atelier',
  'workshop.cancellation': 'Annulation d’atelier',
  'workshop.promotion': 'Place libérée en atelier',
}

export const DATASETS: Record<DatasetKey, ExportDataset> = {
  candidates: {
    key: 'candidates',
    label: 'Candidats',
    from: sql`candidates r
      left join places p on p.id = r.place_id
      left join candidate_statuses st on st.id = r.status_id
      left join "user" ref on ref.id = r.referent_id`,
    tenant: (organisationId) => sql`r.organisation_id = ${organisationId}`,
    person: sql`r.id`,
    dateColumn: sql`r.created_at`,
    dateLabel: 'Date de création',
    filters: ['dateRange', 'status', 'place'],
    columns: [
      { key: 'lastName', label: 'Nom', sql: sql`r.last_name` },
      { key: 'firstName', label: 'Prénom', sql: sql`r.first_name` },
      { key: 'gender', label: 'Genre', sql: labelCase(sql`r.gender::text`, GENDER_LABELS) },
      { key: 'birthDate', label: 'Date de naissance', sql: calendarDay(sql`r.birth_date`) },
      { key: 'phone', label: 'Téléphone', sql: sql`r.phone`, format: formatPhone },
      { key: 'email', label: 'Email', sql: sql`r.email` },
      { key: 'address', label: 'Adresse', sql: sql`r.address_formatted` },
      { key: 'qpv', label: 'Quartier prioritaire', sql: sql`case when r.address_is_qpv then 'Oui' else 'Non' end` },
      { key: 'place', label: 'Lieu de résidence', sql: sql`p.label` },
      { key: 'status', label: 'Statut', sql: sql`st.label` },
      { key: 'referent', label: 'Référent', sql: fullNameSql('ref') },
      { key: 'cafNumber', label: 'Numéro CAF', sql: sql`r.caf_number` },
      { key: 'poleEmploiNumber', label: 'Identifiant France Travail', sql: sql`r.pole_emploi_number` },
      { key: 'createdAt', label: 'Date de création', sql: parisDay(sql`r.created_at`) },
      { key: 'updatedAt', label: 'Dernière modification', sql: parisDay(sql`r.updated_at`) },
      { key: 'anonymised', label: 'Anonymisé', sql: sql`case when r.anonymised_at is null then 'Non' else 'Oui' end` },
    ],
  },
  prescriptions: {
    key: 'prescriptions',
    label: 'Prescriptions et réponses',
    from: sql`social_applies r
      join candidates c on c.id = r.candidate_id
      join social_offers o on o.id = r.social_offer_id
      join partner_structures ps on ps.id = r.structure_id
      left join "user" a on a.id = r.author_id`,
    tenant: (organisationId) => sql`r.organisation_id = ${organisationId}`,
    person: sql`r.candidate_id`,
    dateColumn: sql`r.prescription_date`,
    dateLabel: 'Date de prescription',
    filters: ['dateRange', 'state'],
    columns: [
      { key: 'candidateLastName', label: 'Nom du candidat', sql: sql`c.last_name` },
      { key: 'candidateFirstName', label: 'Prénom du candidat', sql: sql`c.first_name` },
      { key: 'offer', label: 'Offre', sql: sql`o.name` },
      { key: 'partner', label: 'Structure partenaire', sql: sql`ps.name` },
      { key: 'state', label: 'État', sql: labelCase(sql`r.state::text`, PRESCRIPTION_STATE_LABELS) },
      { key: 'prescriptionDate', label: 'Date de prescription', sql: parisDay(sql`r.prescription_date`) },
      { key: 'responseDate', label: 'Date de réponse', sql: parisDay(sql`r.response_date`) },
      {
        key: 'responseDays',
        label: 'Délai de réponse (jours)',
        sql: sql`floor(extract(epoch from (r.response_date - r.prescription_date)) / 86400)::int`,
      },
      { key: 'cause', label: 'Motif de refus', sql: causeLabelSql(sql`r.organisation_id`, sql`r.cause`) },
      { key: 'firstReceptionDate', label: 'Date du 1er accueil', sql: calendarDay(sql`r.first_reception_date`) },
      { key: 'assessmentDate', label: 'Date du bilan', sql: calendarDay(sql`r.assessment_date`) },
      { key: 'author', label: 'Prescripteur', sql: fullNameSql('a') },
      {
        key: 'manual',
        label: 'Prescription manuelle',
        sql: sql`case when r.prescription_document_id is null and not exists (select 1 from fups f where f.social_apply_id = r.id) then 'Oui' else 'Non' end`,
      },
      {
        key: 'archived',
        label: 'Archivée par le partenaire',
        sql: sql`case when r.archived then 'Oui' else 'Non' end`,
      },
    ],
  },
  workshops: {
    key: 'workshops',
    label: 'Ateliers et présences',
    from: sql`workshop_registrations r
      join workshops w on w.id = r.workshop_id
      join candidates c on c.id = r.candidate_id
      left join partner_structures ps on ps.id = w.structure_id`,
    tenant: (organisationId) => sql`r.organisation_id = ${organisationId}`,
    person: sql`r.candidate_id`,
    dateColumn: sql`w.starts_at`,
    dateLabel: 'Date de l’atelier',
    filters: ['dateRange'],
    columns: [
      { key: 'workshop', label: 'Atelier', sql: sql`w.name` },
      { key: 'theme', label: 'Thème', sql: sql`nullif(w.theme, '')` },
      { key: 'date', label: 'Date', sql: parisDay(sql`w.starts_at`) },
      { key: 'time', label: 'Heure', sql: parisTextSql(sql`w.starts_at`, 'HH24:MI') },
      {
        key: 'place',
        label: 'Lieu',
        sql: sql`coalesce(w.address_formatted, case when w.video_url is not null then 'Visioconférence' end)`,
      },
      {
        key: 'workshopStatus',
        label: 'État de l’atelier',
        sql: sql`case w.status when 'cancelled' then 'Annulé' else 'Prévu' end`,
      },
      {
        key: 'facilitators',
        label: 'Animateurs',
        sql: sql`(select string_agg(${fullNameSql('u')}, ', ' order by u.last_name) from workshop_facilitators f join "user" u on u.id = f.user_id where f.workshop_id = w.id)`,
      },
      { key: 'partner', label: 'Structure co-organisatrice', sql: sql`ps.name` },
      { key: 'fse', label: 'Financé par le FSE', sql: sql`case when w.fse_funded then 'Oui' else 'Non' end` },
      { key: 'candidateLastName', label: 'Nom du candidat', sql: sql`c.last_name` },
      { key: 'candidateFirstName', label: 'Prénom du candidat', sql: sql`c.first_name` },
      {
        key: 'registration',
        label: 'Inscription',
        sql: sql`case r.status when 'registered' then 'Inscrit' when 'waitlisted' then 'Liste d’attente' else 'Désinscrit' end`,
      },
      {
        key: 'attendance',
        label: 'Présence',
        sql: labelCase(sql`r.attendance::text`, ATTENDANCE_LABELS),
      },
      { key: 'registeredOn', label: 'Inscrit le', sql: parisDay(sql`r.created_at`) },
    ],
  },
  sms: {
    key: 'sms',
    label: 'Journal des SMS',
    from: sql`sms_messages r
      join candidates c on c.id = r.candidate_id
      left join "user" a on a.id = r.author_id`,
    tenant: (organisationId) => sql`r.organisation_id = ${organisationId}`,
    person: sql`r.candidate_id`,
    dateColumn: sql`r.created_at`,
    dateLabel: 'Date',
    filters: ['dateRange', 'smsStatus'],
    columns: [
      { key: 'date', label: 'Date', sql: parisTextSql(sql`r.created_at`, 'DD/MM/YYYY HH24:MI') },
      { key: 'candidateLastName', label: 'Nom du candidat', sql: sql`c.last_name` },
      { key: 'candidateFirstName', label: 'Prénom du candidat', sql: sql`c.first_name` },
      { key: 'direction', label: 'Sens', sql: sql`case r.direction when 'inbound' then 'Reçu' else 'Envoyé' end` },
      { key: 'kind', label: 'Origine', sql: labelCase(sql`r.kind`, SMS_KIND_LABELS) },
      { key: 'status', label: 'Statut', sql: labelCase(sql`r.status::text`, SMS_STATUS_LABELS) },
      { key: 'segments', label: 'Segments', sql: sql`r.segments` },
      { key: 'author', label: 'Auteur', sql: fullNameSql('a') },
      { key: 'errorCode', label: 'Code d’erreur', sql: sql`r.error_code` },
      { key: 'body', label: 'Texte', sql: sql`r.body` },
    ],
  },
}

/** The list the form offers: data sets, their columns (key and label) and filters. Nothing of SQL goes to the browser. */
export function datasetChoices() {
  return DATASET_KEYS.map((key) => ({
    key,
    label: DATASETS[key].label,
    dateLabel: DATASETS[key].dateLabel,
    filters: DATASETS[key].filters,
    columns: DATASETS[key].columns.map(({ key: k, label }) => ({ key: k, label })),
  }))
}
export type DatasetChoice = ReturnType<typeof datasetChoices>[number]

export const STATE_CHOICES = Object.entries(PRESCRIPTION_STATE_LABELS).map(([value, label]) => ({ value, label }))
export const SMS_STATUS_CHOICES = Object.entries(SMS_STATUS_LABELS).map(([value, label]) => ({ value, label }))

export type DatasetRow = Record<string, unknown> & { __id: string; __person: string | null }

/** A data set's rows that `where` picks, its columns as c0, c1… beside each row's id and person. */
export async function readDatasetRows(
  db: DbOrTx,
  dataset: ExportDataset,
  columns: ExportColumn[],
  where: SQL,
  options: { orderBy?: SQL; limit?: number } = {},
): Promise<DatasetRow[]> {
  const { rows } = await db.execute<DatasetRow>(sql`
    select r.id as __id, ${dataset.person} as __person, ${sql.join(
      columns.map((c, i) => sql`${c.sql} as ${sql.raw(`c${i}`)}`),
      sql`, `,
    )}
    from ${dataset.from}
    where ${where}
    order by ${options.orderBy ?? sql`r.id`}
    ${options.limit ? sql`limit ${options.limit}` : sql``}`)
  return rows
}

/** A row's cells in the columns' order, as a file holds them. */
export function rowCells(row: DatasetRow, columns: ExportColumn[]): (string | number)[] {
  return columns.map((c, i) => {
    const value = row[`c${i}`]
    if (c.options) return exportCell(labelOf(value, c.options))
    return exportCell(c.format && typeof value === 'string' ? c.format(value) : value)
  })
}

function labelOf(value: unknown, options: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => options.get(String(v)) ?? v)
  return typeof value === 'string' ? (options.get(value) ?? value) : value
}
