/** The icons a challenge may take (the keys stored in the data, drawn by components/offers/challenge-icon.tsx), with their French names. */
export const CHALLENGE_ICONS = {
  car: 'Voiture',
  home: 'Maison',
  heart: 'Cœur',
  baby: 'Enfant',
  laptop: 'Ordinateur',
  wallet: 'Porte-monnaie',
  scale: 'Balance',
  languages: 'Langues',
  'graduation-cap': 'Diplôme',
  briefcase: 'Mallette',
  accessibility: 'Accessibilité',
  'shopping-basket': 'Panier',
  sparkles: 'Étincelles',
  rocket: 'Fusée',
  users: 'Personnes',
  'circle-help': 'Autre',
} as const
export type ChallengeIcon = keyof typeof CHALLENGE_ICONS
export const isChallengeIcon = (v: string): v is ChallengeIcon => Object.hasOwn(CHALLENGE_ICONS, v)
