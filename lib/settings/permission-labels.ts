import type { Permission } from '@/lib/permissions'

/** What each permission lets its holder do, in the administrators' words (/v2/settings/permissions). */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'candidate.visualize': 'Voir les fiches des candidats',
  'candidate.socialboard.modify': 'Modifier les offres sociales écrites dans Passerelle',
  'offers.social.archive': 'Archiver les prescriptions (partenaire)',
  'offers.social.filter': 'Filtrer les prescriptions d’une offre (partenaire)',
  'offers.social.prescription.operator': 'Répondre aux prescriptions (partenaire)',
  'partner.fup.complete': 'Compléter les fiches de suivi (partenaire)',
  'settings.exports.visualize': 'Exporter des données',
  'homePage.visualize': 'Page d’accueil',
  'workshops.modify': 'Créer et modifier les ateliers',
  'workshops.dashboard.visualize': 'Voir la liste des ateliers',
  'workshops.visualize': 'Voir un atelier',
  'filters.authors': 'Filtrer par auteur parmi tous les utilisateurs',
  'settings.visualize': 'Paramètres de l’organisation',
  'candidate.modify': 'Créer et modifier les candidats',
  'candidate.prescribe': 'Prescrire',
  'candidate.export': 'Exporter la liste des candidats',
  'candidate.nir.visualize': 'Voir le numéro de sécurité sociale',
  'candidate.sms.send': 'Envoyer des SMS aux candidats',
  'settings.templates.modify': 'Modifier les modèles de SMS',
  'partners.structure.modify': 'Créer et modifier les structures partenaires',
  'enterprises.modify': 'Créer et modifier les entreprises',
  'offers.job.modify': 'Créer et modifier les offres d’emploi',
  'candidate.placement.modify': 'Positionner des candidats sur les offres d’emploi',
  'support-courses.modify': 'Créer et modifier les parcours',
  'support-courses.visualize': 'Voir les parcours',
  'candidate.diagnosis.modify': 'Remplir les diagnostics',
  'candidate.diagnosis.visualize': 'Voir les diagnostics',
  'candidate.orientation.decide': 'Accepter ou refuser les orientations reçues',
  'settings.referral-links.modify': 'Gérer les formulaires d’orientation',
  'candidate.organisation.follow': 'Suivre les candidats de toute l’organisation',
}

/**
 * What holding each permission means, as one sentence an administrator reads beside the checkboxes. The
 * technical key stays out of sight, in a tooltip, for support.
 */
export const PERMISSION_SENTENCES: Record<Permission, string> = {
  'candidate.visualize': 'Ouvre la fiche d’un candidat depuis les listes et voit ses informations.',
  'candidate.socialboard.modify': 'Modifie les offres sociales rédigées dans Passerelle (pas celles importées).',
  'offers.social.archive':
    'Pour un partenaire\u00a0: archive les dossiers des candidats intégrés ou refusés, et les restaure.',
  'offers.social.filter':
    'Pour un partenaire\u00a0: filtre les prescriptions d’une offre par lieu de résidence et statut.',
  'offers.social.prescription.operator':
    'Pour un partenaire\u00a0: répond aux prescriptions en attente reçues par sa structure.',
  'partner.fup.complete':
    'Pour un partenaire\u00a0: remplit et envoie la fiche de suivi d’une prescription au référent.',
  'settings.exports.visualize': 'Exporte les données de l’organisation (candidats, prescriptions…) en CSV ou Excel.',
  'homePage.visualize':
    'Arrive sur la page d’accueil qui résume sa journée\u00a0: réponses non lues, prescriptions en retard.',
  'workshops.modify': 'Crée un atelier, le modifie, l’annule et y inscrit des candidats.',
  'workshops.dashboard.visualize': 'Consulte la liste des ateliers de l’organisation.',
  'workshops.visualize': 'Ouvre la page d’un atelier avec ses inscrits.',
  'filters.authors':
    'Choisit n’importe quel utilisateur de l’organisation dans les filtres «\u00a0Auteur\u00a0» et «\u00a0Référent\u00a0».',
  'settings.visualize': 'Ouvre les paramètres de l’organisation\u00a0: utilisateurs, permissions, champs, modèles.',
  'candidate.modify': 'Crée une fiche candidat, l’importe ou la modifie.',
  'candidate.prescribe': 'Prescrit un candidat à l’offre sociale d’une structure partenaire.',
  'candidate.export': 'Télécharge la liste des candidats sélectionnés.',
  'candidate.nir.visualize': 'Affiche le numéro de sécurité sociale d’un candidat (chaque affichage est tracé).',
  'candidate.sms.send': 'Envoie un SMS à un candidat, ou à plusieurs à la fois.',
  'settings.templates.modify': 'Modifie les modèles de SMS de l’organisation.',
  'partners.structure.modify': 'Ajoute une structure partenaire, la modifie et invite ses utilisateurs.',
  'enterprises.modify': 'Ajoute une entreprise et ses contacts, et les modifie.',
  'offers.job.modify': 'Publie une offre d’emploi et la modifie.',
  'candidate.placement.modify': 'Positionne un candidat sur une offre d’emploi et suit sa candidature.',
  'support-courses.modify': 'Crée un parcours d’accompagnement, ses étapes, et y inscrit des candidats.',
  'support-courses.visualize': 'Consulte les parcours d’accompagnement et l’avancement des candidats.',
  'candidate.diagnosis.modify': 'Remplit le diagnostic d’un candidat, ou lui envoie le lien pour qu’il y réponde.',
  'candidate.diagnosis.visualize': 'Lit les diagnostics d’un candidat.',
  'candidate.orientation.decide': 'Accepte ou refuse les orientations reçues par le formulaire d’orientation.',
  'settings.referral-links.modify': 'Crée, désactive et partage les liens du formulaire d’orientation.',
  'candidate.organisation.follow':
    'Voit sur sa page d’accueil et son tableau des actions les candidats de toute l’organisation, pas seulement les siens.',
}
