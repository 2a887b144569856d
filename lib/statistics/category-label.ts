/**
 * A category's label on a chart's axis (a refusal cause, a structure, a status, a place), in lines of at most
 * `maxChars` characters, cut between words; a word longer than a line is cut. Past `maxLines`, the last line ends in
 * "…" (the chart's table has the label whole).
 */
export function categoryLines(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    let rest = word
    while (rest) {
      const joined = line ? `${line} ${rest}` : rest
      if (joined.length <= maxChars) {
        line = joined
        rest = ''
      } else if (line) {
        lines.push(line)
        line = ''
      } else {
        lines.push(rest.slice(0, maxChars))
        rest = rest.slice(maxChars)
      }
    }
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  const last = kept[maxLines - 1]!
  kept[maxLines - 1] = `${last.length < maxChars ? last : last.slice(0, maxChars - 1).trimEnd()}…`
  return kept
}
