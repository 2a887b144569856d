const FIELD_LABELS: Record<string, string> = {
  name: 'nom',
  siret: 'SIRET',
  nafCode: 'code NAF',
  addressFormatted: 'adresse',
  notes: 'notes',
  contacts: 'contacts',
  title: 'intitulé',
  romeCode: 'code ROME',
  contractType: 'contrat',
  workingTime: 'temps de travail',
  weeklyHours: 'heures par semaine',
  placeId: 'lieu',
  startDate: 'date de début',
  endDate: 'date de fin',
  positions: 'nombre de postes',
  salaryMin: 'salaire minimum',
  salaryMax: 'salaire maximum',
  description: 'description',
  status: 'statut',
  validFrom: 'début de validité',
  validUntil: 'fin de validité',
}

/** One line of an enterprise's history, from its audit row (ids and field names only). */
export function historyText(
  action: string,
  details: Record<string, unknown>,
  offerTitles: Map<string, string>,
): string {
  const changed = Array.isArray(details.changed) ? (details.changed as string[]).map((f) => FIELD_LABELS[f] ?? f) : []
  const fields = changed.length ? ` (${changed.join(', ')})` : ''
  const offer = typeof details.jobOfferId === 'string' ? offerTitles.get(details.jobOfferId) : undefined
  switch (action) {
    case 'enterprise.created':
      return 'Entreprise créée'
    case 'enterprise.updated':
      return `Fiche modifiée${fields}`
    case 'jobOffer.created':
      return `Offre d’emploi créée${offer ? `\u00a0: ${offer}` : ''}`
    case 'jobOffer.updated':
      return `Offre d’emploi modifiée${offer ? `\u00a0: ${offer}` : ''}${fields}`
    default:
      return action
  }
}
