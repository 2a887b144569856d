/** 'Niveau de français' → 'niveau-de-francais': a key or a choice's value made from a label (50 characters at most). */
export function slugOf(label: string): string {
  return (
    label
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'champ'
  )
}
