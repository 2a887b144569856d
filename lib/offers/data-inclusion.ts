import type { OfferSourceInfo } from '@/lib/db/schema'
import { decodeCsvText } from '@/lib/imports/decode-text'
import { FRAIS_LABELS, labelOf, MODES_ACCUEIL_LABELS, PUBLICS_LABELS } from './data-inclusion-labels'
import { MARKDOWN_MAX_CHARS, renderMarkdownDescription } from './render-markdown'

/**
 * Data·inclusion files as its API serves them (gip-inclusion/data-inclusion, api/…/inclusion_data/schemas.py)
 * and as its schema describes them (gip-inclusion/data-inclusion-schema, schemas/v1 and, before it was dropped, v0):
 * - a bare list of services or structures;
 * - the list endpoints' page `{items: [...], total, page, size, pages}`;
 * - the search endpoint's page `{items: [{service: {...}, distance}], ...}`, whose service also carries its structure.
 * v0 and v1 field names are both read; unknown fields are ignored and `null` is "not given" wherever it comes.
 */
export type DiRecord = Record<string, unknown>

export const DI_MESSAGES = {
  unreadableJson:
    'Le fichier JSON n’a pas pu être lu\u00a0: vérifiez qu’il s’agit d’un export data·inclusion (liste ou page de l’API).',
  notAList: (what: string) =>
    `Le fichier JSON doit contenir une liste de ${what} data·inclusion, ou une page de l’API data·inclusion («\u00a0items\u00a0»).`,
} as const

export const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(str).filter(Boolean) : typeof v === 'string' && v.trim() ? [v.trim()] : []
const httpUrl = (v: unknown) => {
  const url = str(v)
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url) ? url : ''
}
const record = (v: unknown): DiRecord => (v && typeof v === 'object' && !Array.isArray(v) ? (v as DiRecord) : {})

/** The records of a file in any of the three shapes (a search item's `service` unwrapped), or a French error. */
export function readDiItems(
  bytes: Uint8Array,
  what: 'services' | 'structures',
): { ok: true; items: DiRecord[] } | { ok: false; error: string } {
  let data: unknown
  try {
    data = JSON.parse(decodeCsvText(bytes).text)
  } catch {
    return { ok: false, error: DI_MESSAGES.unreadableJson }
  }
  const items = Array.isArray(data)
    ? data
    : Array.isArray(record(data).items)
      ? (record(data).items as unknown[])
      : null
  if (!items) return { ok: false, error: DI_MESSAGES.notAList(what) }
  return {
    ok: true,
    items: items.map((item) =>
      record(item).service && typeof record(item).service === 'object' ? record(record(item).service) : record(item),
    ),
  }
}

/** v0 ids are unique within their source; v1 ids carry it ('dora--42'). Both become the v1 form. */
export function diId(source: string, id: string): string {
  if (!id) return ''
  return source && !id.startsWith(`${source}--`) ? `${source}--${id}` : id
}

export function diAddress(r: DiRecord): string {
  return [str(r.adresse), str(r.complement_adresse), [str(r.code_postal), str(r.commune)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
}

/** A service, as Passerelle keeps it: the offer's fields, and the structure it names (SIRET and/or data·inclusion id). */
export type DiService = {
  source: string
  offerId: string
  name: string
  description: string
  end: string
  tags: string[]
  address: string
  contactName: string
  contactPhone: string
  contactMail: string
  sourceInfo: OfferSourceInfo
  structure: { id: string; siret: string; name: string }
}

const joined = (parts: string[]) => parts.filter(Boolean).join(' · ')

export function diService(r: DiRecord, index: number): DiService {
  const source = str(r.source) || 'data-inclusion'
  // 'mobilite--louer-un-vehicule' also belongs to 'mobilite': the challenges match the top-level thématique.
  const tags = [...new Set(list(r.thematiques).flatMap((t) => [t.split('--')[0]!, t]))]
  const markdown = str(r.description) || str(r.presentation_detail) || str(r.presentation_resume)
  const nested = record(r.structure)
  const facts: { label: string; text: string }[] = [
    {
      label: 'Frais',
      text: joined([
        list(r.frais)
          .map((v) => labelOf(FRAIS_LABELS, v))
          .join(', '),
        str(r.frais_precisions) || str(r.frais_autres),
      ]),
    },
    {
      label: 'Publics',
      text: joined([
        [...new Set([...list(r.publics), ...list(r.profils)])].map((v) => labelOf(PUBLICS_LABELS, v)).join(', '),
        str(r.publics_precisions) || str(r.profils_precisions),
      ]),
    },
    {
      label: 'Modes d’accueil',
      text: list(r.modes_accueil)
        .map((v) => labelOf(MODES_ACCUEIL_LABELS, v))
        .join(', '),
    },
    { label: 'Zone de diffusion', text: str(r.zone_diffusion_nom) },
    { label: 'Horaires', text: str(r.recurrence) || str(r.horaires_accueil) },
    { label: 'Pré-requis', text: [...list(r.pre_requis), str(r.conditions_acces)].filter(Boolean).join('\n') },
    { label: 'Justificatifs', text: list(r.justificatifs).join('\n') },
    { label: 'Comment orienter', text: str(r.mobilisation_precisions) },
  ].filter((f) => f.text)
  const orientUrl = httpUrl(r.formulaire_en_ligne) || httpUrl(r.lien_mobilisation) || httpUrl(r.prise_rdv)
  const sourceUrl = httpUrl(r.lien_source) || httpUrl(r.page_web)
  return {
    source,
    // v0 and v1 name one service alike ('dora--42'), so a file of either version updates the same offer.
    offerId: diId(str(r.source), str(r.id)) || `service-${index + 1}`,
    name: str(r.nom),
    // Too long to be an offer's description: kept as written, never rendered, for the import to refuse the line.
    description: markdown.length > MARKDOWN_MAX_CHARS ? markdown : markdown ? renderMarkdownDescription(markdown) : '',
    end: str(r.date_suspension),
    tags,
    address: diAddress(r),
    contactName: str(r.contact_nom_prenom),
    contactPhone: str(r.telephone),
    contactMail: str(r.courriel),
    sourceInfo: { facts, ...(orientUrl ? { orientUrl } : {}), ...(sourceUrl ? { sourceUrl } : {}) },
    structure: {
      id: diId(str(nested.source) || source, str(r.structure_id) || str(nested.id)),
      siret: str(nested.siret).replace(/[\s.\-]/g, '') || str(r.siret).replace(/[\s.\-]/g, ''),
      name: str(nested.nom),
    },
  }
}
