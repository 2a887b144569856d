import { Icon, type IconName } from '@/components/ui/icon'
import { isChallengeIcon, type ChallengeIcon as ChallengeIconKey } from '@/lib/offers/challenge-icons'

/** The sprite's icon of each key a challenge may take (lib/offers/challenge-icons.ts, stored in the data). */
const ICONS: Record<ChallengeIconKey, IconName> = {
  car: 'car',
  home: 'house',
  heart: 'heart',
  baby: 'baby',
  laptop: 'laptop',
  wallet: 'wallet',
  scale: 'scale',
  languages: 'languages',
  'graduation-cap': 'graduation-cap',
  briefcase: 'briefcase',
  accessibility: 'accessibility',
  'shopping-basket': 'shopping-basket',
  sparkles: 'sparkles',
  rocket: 'rocket',
  users: 'users',
  'circle-help': 'circle-question-mark',
}

/** A challenge's icon (decorative: the name is always written next to it). */
export function ChallengeIcon({ icon, size = 14 }: { icon: string; size?: number }) {
  return <Icon name={isChallengeIcon(icon) ? ICONS[icon] : 'circle-question-mark'} size={size} />
}
