import {
  Accessibility,
  Baby,
  Briefcase,
  Car,
  CircleHelp,
  GraduationCap,
  Heart,
  Home,
  Languages,
  Laptop,
  Rocket,
  Scale,
  ShoppingBasket,
  Sparkles,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react'

const ICONS: Record<string, LucideIcon> = {
  car: Car,
  home: Home,
  heart: Heart,
  baby: Baby,
  laptop: Laptop,
  wallet: Wallet,
  scale: Scale,
  languages: Languages,
  'graduation-cap': GraduationCap,
  briefcase: Briefcase,
  accessibility: Accessibility,
  'shopping-basket': ShoppingBasket,
  sparkles: Sparkles,
  rocket: Rocket,
  users: Users,
  'circle-help': CircleHelp,
}

/** A challenge's icon (decorative: the name is always written next to it). */
export function ChallengeIcon({ icon, size = 14 }: { icon: string; size?: number }) {
  const Icon = ICONS[icon] ?? CircleHelp
  return <Icon aria-hidden size={size} />
}
