/**
 * The layout walk's measurements (e2e/layout-walk.spec.ts), run in the page at its current width by one
 * page.evaluate: a self-contained function, so that Playwright can send its source to the browser.
 * Each finding names its element by a short CSS path (with its text) and says what is wrong.
 */
export type LayoutFinding = { element: string; reason: string }

export function probeLayout(): LayoutFinding[] {
  const findings: LayoutFinding[] = []
  const width = window.innerWidth
  const EPS = 0.5

  /** `main > div.flex > table > tbody > tr:nth-of-type(3) > td:nth-of-type(5) > button "Archiver"` */
  function describe(el: Element): string {
    const parts: string[] = []
    let node: Element | null = el
    while (node && node !== document.body && parts.length < 6) {
      let part = node.tagName.toLowerCase()
      if (node.id) {
        parts.unshift(`${part}#${node.id}`)
        break
      }
      const firstClass = [...node.classList].find((c) => /^[a-z][\w-]*$/i.test(c))
      if (firstClass) part += `.${firstClass}`
      const parent: Element | null = node.parentElement
      if (parent) {
        const same = [...parent.children].filter((c) => c.tagName === node!.tagName)
        if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`
      }
      parts.unshift(part)
      node = parent
    }
    const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.textContent ?? ''
    const text = label.replace(/\s+/g, ' ').trim().slice(0, 50)
    return `${parts.join(' > ')}${text ? ` "${text}"` : ''}`
  }

  function shown(el: Element): boolean {
    if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true } as CheckVisibilityOptions)) {
      return false
    }
    const r = el.getBoundingClientRect()
    // Visually hidden text (sr-only: 1 × 1 px, clipped) is for screen readers, not the layout.
    return r.width > 1 && r.height > 1
  }

  const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible'
  const px = (n: number) => `${Math.round(n)} px`

  // 1. The page scrolls sideways: name the outermost elements that reach past the viewport (not inside a box that
  // clips or scrolls its content, which cannot widen the page).
  const pageWidth = document.documentElement.scrollWidth
  if (pageWidth > width) {
    const culprits: Element[] = []
    const visit = (el: Element, parentOut: boolean) => {
      if (culprits.length >= 5 || !shown(el)) return
      const r = el.getBoundingClientRect()
      const out = r.right > width + EPS || r.left < -EPS
      if (out && !parentOut) culprits.push(el)
      if (el !== document.body && clips(el)) return
      for (const child of el.children) visit(child, out)
    }
    for (const child of document.body.children) visit(child, false)
    const what = culprits.map((c) => {
      const r = c.getBoundingClientRect()
      return `${describe(c)} [${px(r.left)} → ${px(r.right)}]`
    })
    findings.push({
      element: what[0] ?? 'html',
      reason:
        `the page scrolls sideways: scrollWidth ${pageWidth} > innerWidth ${width}` +
        (what.length > 1 ? `; also past the edge: ${what.slice(1).join('; ')}` : ''),
    })
  }

  // 2. The buttons and links of the page's header and of each table row's action column: inside the viewport, and not
  // beyond the visible part of a box that scrolls or clips them sideways.
  const controls = 'a[href], button, [role=button], [role=link], input[type=submit], input[type=button], summary'
  const scopes = new Set<Element>(document.querySelectorAll('header'))
  const h1 = document.querySelector('main h1') ?? document.querySelector('h1')
  if (h1) {
    // The page header: the h1's block with its actions (PageHeader: a row of the title block and the actions).
    const grand = h1.parentElement?.parentElement
    const block =
      grand && grand.tagName !== 'MAIN' && grand !== document.body && !grand.querySelector('table, form')
        ? grand
        : h1.parentElement
    if (block) scopes.add(block)
  }
  const targets = new Map<Element, string>()
  for (const scope of scopes) {
    for (const el of scope.querySelectorAll(controls)) targets.set(el, 'header')
  }
  for (const table of document.querySelectorAll('table')) {
    const heads = [...table.querySelectorAll(':scope > thead > tr:last-child > th')]
    let columns = heads.flatMap((th, i) => (/^\s*actions?\s*$/i.test(th.textContent ?? '') ? [i] : []))
    const rows = [...table.querySelectorAll(':scope > tbody > tr')]
    if (columns.length === 0) {
      const last = Math.max(...rows.map((r) => r.children.length), 0) - 1
      if (last > 0 && rows.some((r) => r.children[last]?.querySelector('button, [role=button]'))) columns = [last]
    }
    for (const row of rows) {
      for (const i of columns) {
        const cell = row.children[i]
        if (cell) for (const el of cell.querySelectorAll(controls)) targets.set(el, 'row action')
      }
    }
  }
  for (const [el, where] of targets) {
    if (!shown(el)) continue
    const r = el.getBoundingClientRect()
    let boxed = false
    for (let box = el.parentElement; box && box !== document.body && !boxed; box = box.parentElement) {
      if (!clips(box)) continue
      const b = box.getBoundingClientRect()
      const left = b.left + box.clientLeft
      const right = left + box.clientWidth
      if (r.left < left - EPS || r.right > right + EPS) {
        const scrolls = /auto|scroll/.test(getComputedStyle(box).overflowX)
        const how = scrolls ? 'reachable only by scrolling sideways' : 'clipped'
        findings.push({
          element: describe(el),
          reason:
            `${where} control ${how} in ${describe(box).replace(/ ".*$/, '')} [${px(r.left)} → ${px(r.right)}, ` +
            `box ${px(left)} → ${px(right)}]`,
        })
        boxed = true
      }
    }
    if (!boxed && (r.left < -EPS || r.right > width + EPS)) {
      findings.push({
        element: describe(el),
        reason: `${where} control outside the viewport [${px(r.left)} → ${px(r.right)}]`,
      })
    }
  }

  // 3. Text clipped by its box: a box whose own text reaches past its edge (scrollWidth > clientWidth), unless it ends
  // in an ellipsis and has a title giving the whole text. Boxes that scroll are left to check 2.
  const boxes = new Set<Element>()
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue
    let box = node.parentElement
    if (!box || box.closest('script, style, noscript, template, select, option, textarea, svg')) continue
    while (box && box !== document.body && /^(inline|contents)$/.test(getComputedStyle(box).display)) {
      box = box.parentElement
    }
    if (box && box !== document.body) boxes.add(box)
  }
  for (const box of boxes) {
    if (box.scrollWidth <= box.clientWidth + 1 || !shown(box)) continue
    const style = getComputedStyle(box)
    if (/auto|scroll/.test(style.overflowX)) continue
    const b = box.getBoundingClientRect()
    const left = b.left + box.clientLeft
    const right = left + box.clientWidth
    // The box's own text (its text nodes and those of its inline descendants) past its left or right edge.
    let textRight = -Infinity
    let textLeft = Infinity
    const inner = document.createTreeWalker(box, NodeFilter.SHOW_TEXT)
    for (let node = inner.nextNode(); node; node = inner.nextNode()) {
      if (!node.textContent?.trim()) continue
      let owner = node.parentElement
      while (owner && owner !== box && /^(inline|contents)$/.test(getComputedStyle(owner).display)) {
        owner = owner.parentElement
      }
      if (owner !== box) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        if (rect.width === 0) continue
        textRight = Math.max(textRight, rect.right)
        textLeft = Math.min(textLeft, rect.left)
      }
    }
    if (textRight <= right + 1 && textLeft >= left - 1) continue
    const titled = !!(box.getAttribute('title') || box.closest('[title]')?.getAttribute('title'))
    if (style.textOverflow === 'ellipsis' && titled) continue
    const clipped = style.overflowX !== 'visible'
    findings.push({
      element: describe(box),
      reason:
        `text ${clipped ? 'clipped by' : 'overflows'} its box: scrollWidth ${box.scrollWidth} > clientWidth ` +
        `${box.clientWidth}${style.textOverflow === 'ellipsis' ? ' (ellipsis without a title)' : ''}`,
    })
  }
  return findings
}
