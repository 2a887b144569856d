// The code's size figures, to compare a tree before and after a change: lines per top-level folder and per lib/
// folder, and the functions whose body spans more than 80 lines (function declarations and expressions, arrow
// functions, methods, accessors and constructors, nested ones counted on their own), counted with the TypeScript
// parser.
//   npx tsx scripts/code-figures.ts           the figures of the tree (files git tracks or does not ignore)
//   npx tsx scripts/code-figures.ts --list    and every long function, longest first
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const LONG = 80
const code = /\.(ts|tsx|js|mjs|cjs|css|sql|sh)$/
const source = /\.(ts|tsx)$/
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
  maxBuffer: 64 << 20,
})
  .split('\0')
  .filter((file) => code.test(file) && !file.startsWith('drizzle/meta/'))

type Long = { file: string; line: number; name: string; lines: number }
const lines = new Map<string, number>()
const libLines = new Map<string, number>()
const long: Long[] = []

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n)

for (const file of files) {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    continue // deleted in the tree, not yet in the index
  }
  const count = text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  const parts = file.split('/')
  add(lines, parts.length > 1 ? parts[0]! : '(root)', count)
  if (parts[0] === 'lib') add(libLines, parts.length > 2 ? `lib/${parts[1]}` : 'lib/*', count)
  if (!source.test(file)) continue

  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node
      const span = lineOf(body.getEnd()) - lineOf(body.getStart(sf)) + 1
      if (span > LONG) long.push({ file, line: lineOf(node.getStart(sf)) + 1, name: nameOf(node), lines: span })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
}

function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node }
  if (named.name) return named.name.getText()
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText()
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText()
  if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  return '(anonymous)'
}

const table = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `  ${key.padEnd(28)} ${String(n).padStart(7)}`)
    .join('\n')
const total = [...lines.values()].reduce((a, b) => a + b, 0)
const product = long.filter((f) => !isTest(f.file) && /^(app|components|lib)\//.test(f.file))

console.log(`lines of code per folder (${files.length} files, ${total} lines)\n${table(lines)}`)
console.log(`\nlines of code per lib/ folder\n${table(libLines)}`)
const byFolder = new Map<string, number>()
for (const f of long) add(byFolder, f.file.includes('/') ? f.file.split('/')[0]! : '(root)', 1)
console.log(
  `\nfunctions over ${LONG} lines: ${long.length} in all, ${product.length} in app, components and lib outside tests`,
)
console.log(table(byFolder))
if (process.argv.includes('--list')) {
  console.log('')
  for (const f of long.sort((a, b) => b.lines - a.lines))
    console.log(`  ${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`)
}
