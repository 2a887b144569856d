import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The common slips of French typography, in the message catalogue (messages/fr.json) and in the texts written in the
 * code (app/, components/, lib/): a plain space before « : ; ! ? » or inside « guillemets » (a non-breaking one keeps
 * the sign on its word's line), a straight apostrophe between two letters (’), and "de" before a name written as
 * "de ${name}" ("de Élodie": ofName() of lib/text/french.ts elides it).
 */

/** Texts the spec gives word for word (spec §2, §5, §8), straight apostrophes included: they stay as written. */
const SPEC_VERBATIM = new Set([
  "L'email n'est pas bien formaté",
  "Le téléphone n'est pas complet",
  "Il n'existe pas de prescription pour cette offre sociale.",
  "Afficher toute l'offre",
])

const ROOT = process.cwd()
/**
 * Files whose texts are not Passerelle's to set: data·inclusion's labels, kept as its referential writes them (its
 * test compares them), and lib/text/french.ts, which writes "de ${name}" for everyone else.
 */
const NOT_OURS = ['lib/offers/data-inclusion-labels.ts', 'lib/text/french.ts']
const FRENCH =
  /[àâçéèêëîïôûùüÿœÀÂÇÉÈÊËÎÏÔÛÙÜŸŒ]|\b(le|la|les|de|des|du|un|une|est|vous|pas|pour|et|sur|avec|dans|aucun|aucune|votre|vos|ce|cette|il|elle)\b/i
/** A plain space before a high sign, at the end of a word (not "a ? b" in a code sample: after a letter, ) or »). */
const SPACE_BEFORE_SIGN = /(?<=[^\s(]) [:;!?](?=\s|$|[.,)'"`]|\{)/
const SPACE_IN_GUILLEMETS = /« |(?<=\S) »/
const STRAIGHT_APOSTROPHE = /[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/

type Slip = { where: string; text: string; slip: string }

function slipsOf(text: string, where: string): Slip[] {
  const slips: Slip[] = []
  if (SPACE_BEFORE_SIGN.test(text)) slips.push({ where, text, slip: 'espace simple avant : ; ! ?' })
  if (SPACE_IN_GUILLEMETS.test(text)) slips.push({ where, text, slip: 'espace simple dans « »' })
  if (STRAIGHT_APOSTROPHE.test(text) && !SPEC_VERBATIM.has(text)) slips.push({ where, text, slip: 'apostrophe droite' })
  return slips
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(p)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : []
  })
}

/** The French texts of a source file: its strings, templates (all parts together) and JSX text, and the "de ${…}". */
function codeSlips(file: string): Slip[] {
  const src = fs.readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(
    file,
    src,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const slips: Slip[] = []
  const where = (n: ts.Node) =>
    `${path.relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`
  const check = (n: ts.Node, text: string) => {
    if (/\s/.test(text) && FRENCH.test(text)) slips.push(...slipsOf(text, where(n)))
  }
  const nameLike = (e: ts.Node | undefined) => !!e && /name\b|Name\b|fullName\(|listName\(/.test(e.getText(sf))
  const visit = (n: ts.Node): void => {
    // SQL and other tagged templates are not French text.
    if (ts.isTaggedTemplateExpression(n) || ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isJsxText(n)) check(n, n.text)
    if (ts.isTemplateExpression(n)) {
      const parts = [n.head.text, ...n.templateSpans.map((s) => s.literal.text)]
      // One text, each interpolation a word: " » en CSV" is checked with its "« ".
      check(n, parts.join('x'))
      const heads = [n.head, ...n.templateSpans.map((s) => s.literal)]
      n.templateSpans.forEach((span, i) => {
        if (/\bde $/.test(heads[i]!.text) && nameLike(span.expression))
          slips.push({ where: where(span), text: `de \${${span.expression.getText(sf)}}`, slip: 'de + nom : ofName()' })
      })
      n.templateSpans.forEach((span) => visit(span.expression))
      return
    }
    if (ts.isJsxText(n) && /\bde\s*$/.test(n.text)) {
      const siblings = [...((n.parent as ts.JsxElement).children ?? [])]
      const next = siblings[siblings.indexOf(n) + 1]
      if (next && ts.isJsxExpression(next) && nameLike(next.expression))
        slips.push({ where: where(next), text: `de {${next.expression!.getText(sf)}}`, slip: 'de + nom : ofName()' })
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return slips
}

function messageSlips(value: unknown, key: string): Slip[] {
  if (typeof value === 'string') return slipsOf(value, key)
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => messageSlips(v, key ? `${key}.${k}` : k))
  return []
}

describe('French typography', () => {
  it('the rules see the slips they are meant to see, and not the right forms', () => {
    expect(slipsOf('Votre session a expiré : reconnectez-vous.', 'x')).toHaveLength(1)
    expect(slipsOf('Votre session a expiré\u00a0: reconnectez-vous.', 'x')).toEqual([])
    expect(slipsOf('Archiver ce dossier ?', 'x')).toHaveLength(1)
    expect(slipsOf('Utilisez « Prescrire » ici', 'x')).toHaveLength(1)
    expect(slipsOf('Utilisez «\u00a0Prescrire\u00a0» ici', 'x')).toEqual([])
    expect(slipsOf("Retrouvez l'offre", 'x')).toHaveLength(1)
    expect(slipsOf('Retrouvez l’offre', 'x')).toEqual([])
    expect(slipsOf("L'email n'est pas bien formaté", 'x')).toEqual([])
    expect(slipsOf('https://exemple.fr/a?b=1 : x', 'x')).toHaveLength(1)
  })

  it('messages/fr.json has none', () => {
    const messages = JSON.parse(fs.readFileSync(path.join(ROOT, 'messages/fr.json'), 'utf8'))
    expect(messageSlips(messages, '')).toEqual([])
  })

  it('the French texts of app/, components/ and lib/ have none', { timeout: 120_000 }, () => {
    const files = ['app', 'components', 'lib']
      .flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .filter((f) => !NOT_OURS.some((own) => f.endsWith(path.join(...own.split('/')))))
    expect(files.length).toBeGreaterThan(100)
    expect(files.flatMap(codeSlips)).toEqual([])
  })
})
