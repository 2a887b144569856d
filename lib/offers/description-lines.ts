/** Spec §2/§9: the description shows a computed number of lines, at least 2, at most 30, 6 by default. */
export const DESCRIPTION_LINES = { min: 2, max: 30, default: 6 } as const

/** Lines that fit between the block's top and the bottom of the window, keeping room for the button. */
export function descriptionLines(available: {
  viewportHeight: number
  blockTop: number
  lineHeight: number
  reserved?: number
}): number {
  const { viewportHeight, blockTop, lineHeight, reserved = 96 } = available
  if (!(lineHeight > 0) || !Number.isFinite(viewportHeight) || !Number.isFinite(blockTop))
    return DESCRIPTION_LINES.default
  const lines = Math.floor((viewportHeight - blockTop - reserved) / lineHeight)
  return Math.min(DESCRIPTION_LINES.max, Math.max(DESCRIPTION_LINES.min, lines))
}
