/**
 * The effort of the three main tasks, measured in a real browser: clicks, keystrokes and seconds, one JSON line per
 * task and run. It drives Debian's Chromium against a running Passerelle (built and served on the demo data, its mail
 * written as .eml files to the outbox given), the shortest way a person would, through labels and roles:
 *
 *   A  create and prescribe: the referent, from the home page, creates a candidate with only what is required, then
 *      prescribes them from the candidate sheet to « Permis de conduire solidaire » (Mobilité Solidaire);
 *   B  answer from the mail: the partner opens the link of the prescription mail and answers on the FUP
 *      (« Intégré », or with --answer refused « Non intégré » and a cause);
 *   C  read the answer: the referent, from the home page, finds the answer, sees the decision and marks it read.
 *
 *   npx tsx scripts/task-effort.ts --base-url http://localhost:3520 --outbox /tmp/outbox --version after [--runs 2]
 *     [--answer integrated|refused] [--first-run 1]
 *
 * How it counts (the counting wrapper below, never by hand): a click, a checkbox or radio ticked, a choice in a select
 * and the click on the mail's link count 1 click each; typing N characters counts N keystrokes, Tab or Enter 1.
 * Moving into a field before typing is not counted (in either version). Not counted either: signing in (the login
 * form, and the emailed code of a referent's second factor — done before the tasks), arriving on the home page where
 * A and C start, and waiting for the prescription mail to arrive before B. Seconds are the browser's wall time from
 * the task's start to its visible outcome (the page's answers included), not a person's reading time.
 *
 * Labels differ between versions: --version before (commit 8ded9f0, before issue 42) or after (HEAD) takes the
 * small branches marked below; everything else is the same path in both.
 */
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type Locator, type Page } from '@playwright/test'
import { TIME_ZONE } from '../lib/dates'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../tests/support/chromium'

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    outbox: { type: 'string' },
    version: { type: 'string', default: 'after' },
    runs: { type: 'string', default: '2' },
    answer: { type: 'string', default: 'integrated' },
    'first-run': { type: 'string', default: '1' },
  },
})
const baseURL = args['base-url']
const outbox = args.outbox
const version = args.version
const answer = args.answer
if (!baseURL || !outbox || (version !== 'before' && version !== 'after') || !/^(integrated|refused)$/.test(answer!))
  throw new Error(
    'usage: npx tsx scripts/task-effort.ts --base-url URL --outbox DIR --version before|after [--runs N] [--answer integrated|refused] [--first-run N]',
  )
const runs = Number(args.runs)
const firstRun = Number(args['first-run'])

const PASSWORD = 'Passerelle-Demo-2026!'
const REFERENT = 'referent@passerelle.test'
const PARTNER = 'partenaire@passerelle.test'
/** The partner's own name (db/seed.ts): the FUP's « Prénom et nom de l’accompagnateur ». */
const PARTNER_NAME = 'Paula Moreau'
const OFFER = 'Permis de conduire solidaire'
const OFFER_OPTION = `${OFFER} — Mobilité Solidaire`
const GOAL = 'Passer le permis B'
/** One candidate per run, the same length of name in every run: a new name, never a duplicate warning. */
const LAST_NAMES = ['Lambert', 'Lamarre', 'Lamotte', 'Lanclos', 'Lapeyre', 'Larcher', 'Lasalle', 'Latapie']
const FIRST_NAME = 'Nora'
const TIMEOUT = 30_000

/** The counting wrapper: every action a person makes goes through it, and is counted and written down. */
class Effort {
  clicks = 0
  keystrokes = 0
  readonly path: string[] = []
  private readonly started = performance.now()

  constructor(private readonly page: Page) {}

  private note(what: string, clicks: number, keystrokes: number) {
    this.clicks += clicks
    this.keystrokes += keystrokes
    this.path.push(keystrokes ? `${what} (${keystrokes} keys)` : what)
  }

  async click(target: Locator, what: string) {
    await target.click()
    this.note(`click ${what}`, 1, 0)
  }

  async check(target: Locator, what: string) {
    await target.check()
    this.note(`tick ${what}`, 1, 0)
  }

  /** A choice in a native select: 1 click (the choice), as the brief counts it. */
  async choose(target: Locator, label: string, what: string) {
    await target.selectOption({ label })
    this.note(`choose « ${label} » in ${what}`, 1, 0)
  }

  /** The first real choice of a select (its option 0 is the placeholder). */
  async chooseFirst(target: Locator, what: string) {
    const label = (await target.locator('option').nth(1).textContent())?.trim() ?? ''
    await this.choose(target, label, what)
  }

  /** Typing: one keystroke per character. */
  async type(target: Locator, text: string, what: string) {
    await target.fill(text)
    this.note(`type « ${text} » in ${what}`, 0, [...text].length)
  }

  /** A key such as Tab or Enter: one keystroke (none of the three paths needs one). */
  async press(target: Locator, key: string, what: string) {
    await target.press(key)
    this.note(`press ${key} in ${what}`, 0, 1)
  }

  /** The link in the mail, clicked in the mail reader: the page opens in the (signed-in) browser. */
  async openMailLink(url: string) {
    await this.page.goto(url)
    this.note('click the mail’s link', 1, 0)
  }

  result(task: string, run: number) {
    const seconds = Math.round((performance.now() - this.started) / 100) / 10
    return { task, version, run, clicks: this.clicks, keystrokes: this.keystrokes, seconds, path: this.path }
  }
}

/** A quoted-printable (or base64) mail body, decoded, headers kept: what a mail reader shows. */
function decodeMail(raw: string): string {
  const split = raw.indexOf('\n\n')
  const head = raw.slice(0, split)
  const body = raw.slice(split + 2)
  if (/^Content-Transfer-Encoding:\s*base64/im.test(head))
    return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`
  if (!/^Content-Transfer-Encoding:\s*quoted-printable/im.test(head)) return raw
  const joined = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : ''
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i]!))
  }
  return `${head}\n\n${Buffer.from(bytes).toString('utf8')}`
}

/** The newest mail to `to` written to the outbox since `since` (file time) whose text matches `pattern`. */
async function waitForMail(to: string, since: number, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + TIMEOUT
  for (;;) {
    const found = fs.existsSync(outbox!)
      ? fs
          .readdirSync(outbox!)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => ({ file: path.join(outbox!, f), time: fs.statSync(path.join(outbox!, f)).mtimeMs }))
          .filter((f) => f.time >= since - 5)
          .sort((a, b) => a.time - b.time)
          .map((f) => decodeMail(fs.readFileSync(f.file, 'utf8')))
          .filter((m) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'm').test(m) && pattern.test(m))
      : []
    if (found.length) return found[found.length - 1]!
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern} in ${outbox}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Signs in through the login form, and the emailed code when a second factor is asked. Not counted. */
async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: TIME_ZONE })
  context.setDefaultTimeout(TIMEOUT)
  const page = await context.newPage()
  const since = Date.now()
  await page.goto('/v2/login')
  await page.getByLabel('Adresse email').fill(email)
  await page.getByLabel('Mot de passe').fill(PASSWORD)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/v2/login')
  if (new URL(page.url()).pathname === '/double-auth') {
    const mail = await waitForMail(email, since, /code de connexion à Passerelle\s*:\s*\d{6}/)
    const code = /code de connexion à Passerelle\s*:\s*(\d{6})/.exec(mail)![1]!
    await page.getByLabel('Code de vérification').fill(code)
    await page.getByRole('button', { name: 'Vérifier' }).click()
    await page.waitForURL((url) => url.pathname !== '/double-auth')
  }
  return page
}

/** The referent's home page, where tasks A and C start (arriving there is not counted). */
async function atHome(page: Page) {
  await page.goto('/homePage')
  await page.getByRole('heading', { level: 1, name: /^Bonjour/ }).waitFor()
}

/**
 * A: from the home page, « Candidats » › « Créer un candidat », the required fields only (first and last name, and
 * the organisation's required « Niveau de français »), « Créer le candidat »; the sheet opens on its overview, whose
 * « Prescrire » opens the dialog with the candidate chosen: the offer, the goal, the two consents, « Envoyer ».
 * The sheet is the shorter way in both versions: the directory's « Prescrire » needs the menu, a search for the
 * candidate and their radio besides the same fields. The same path and labels in both versions.
 */
async function createAndPrescribe(page: Page, lastName: string, run: number) {
  await atHome(page)
  const e = new Effort(page)
  const menu = page.getByRole('navigation', { name: 'Navigation principale' })
  await e.click(menu.getByRole('link', { name: 'Candidats', exact: true }), '« Candidats » (menu)')
  await e.click(page.getByRole('link', { name: 'Créer un candidat' }).first(), '« Créer un candidat »')
  await e.type(page.getByLabel('Prénom', { exact: true }), FIRST_NAME, '« Prénom »')
  await e.type(page.getByLabel('Nom', { exact: true }), lastName, '« Nom »')
  await e.chooseFirst(page.getByLabel('Niveau de français', { exact: true }), '« Niveau de français »')
  await e.click(page.getByRole('button', { name: 'Créer le candidat' }), '« Créer le candidat »')
  await page.waitForURL(/\/v2\/candidate\/[0-9a-f-]{36}$/)

  await e.click(page.getByRole('button', { name: 'Prescrire', exact: true }), '« Prescrire » (sheet overview)')
  const dialog = page.getByRole('dialog', { name: /^Prescrire .* à une offre$/ })
  await e.choose(dialog.getByRole('combobox', { name: /Offre sociale/ }), OFFER_OPTION, '« Offre sociale »')
  await e.type(dialog.getByLabel('Objectif de la prescription'), GOAL, '« Objectif de la prescription »')
  await e.check(dialog.getByLabel('Je valide cette prescription'), '« Je valide cette prescription »')
  await e.check(
    dialog.getByLabel('Le bénéficiaire a donné son accord pour cette demande'),
    '« Le bénéficiaire a donné son accord »',
  )
  await e.click(dialog.getByRole('button', { name: 'Envoyer la prescription' }), '« Envoyer la prescription »')
  await page.getByText(/^Prescription envoyée au partenaire/).waitFor()
  return e.result('A create and prescribe', run)
}

/**
 * B: the mail's link opens the offer's page with the FUP dialog; the decision, then « Envoyer la réponse ». The
 * structure's name and email come prefilled in both versions.
 */
async function answerFromMail(page: Page, link: string, run: number) {
  const e = new Effort(page)
  await e.openMailLink(link)
  const dialog = page.getByRole('dialog', { name: /^Compléter la prescription/ })
  await dialog.waitFor()
  const accompanier = dialog.getByLabel('Prénom et nom de l’accompagnateur')
  if (version === 'before') {
    // Before: « Prénom et nom de l’accompagnateur » is empty and required: the partner types her name.
    await e.type(accompanier, PARTNER_NAME, '« Prénom et nom de l’accompagnateur »')
  } else if ((await accompanier.inputValue()) !== PARTNER_NAME) {
    // After: the signed-in partner's name is prefilled (issue 42 §1); anything else is worth stopping for.
    throw new Error(`the accompanier's name is not prefilled: « ${await accompanier.inputValue()} »`)
  }
  if (answer === 'integrated') {
    await e.check(dialog.getByRole('radio', { name: 'Intégré', exact: true }), '« Intégré »')
  } else {
    await e.check(dialog.getByRole('radio', { name: 'Non intégré', exact: true }), '« Non intégré »')
    await e.chooseFirst(dialog.getByRole('combobox', { name: /^Motif/ }), '« Motif »')
  }
  await e.click(dialog.getByRole('button', { name: 'Envoyer la réponse' }), '« Envoyer la réponse »')
  await page.getByText(/^Votre réponse à la prescription a bien été transmise au référent/).waitFor()
  return e.result('B answer from the mail', run)
}

/** C: on the home page, the unread answer's row shows the decision; it is marked read. */
async function readTheAnswer(page: Page, lastName: string, run: number) {
  await atHome(page)
  const e = new Effort(page)
  const decision = answer === 'integrated' ? 'Intégré' : 'Refusé'
  const row = page
    .getByRole('table', { name: 'Réponses de partenaires non lues' })
    .getByRole('row')
    .filter({ hasText: `${lastName} ${FIRST_NAME}` })
  // Seeing the decision is reading the row: no action.
  await row.filter({ hasText: decision }).waitFor()
  e.path.push(`read « ${decision} » in the row « ${lastName} ${FIRST_NAME} » of « Réponses de partenaires non lues »`)
  if (version === 'after') {
    // After: each unread answer has its own « Marquer comme lue » (issue 42 §3), on the home page's row.
    await e.click(row.getByRole('button', { name: /^Marquer comme lue/ }), '« Marquer comme lue » (the row)')
    await page.getByText('Réponse marquée comme lue.').waitFor()
    await row.waitFor({ state: 'detached' })
  } else {
    // Before: the home page only links to the actions dashboard, whose one button marks every new answer read.
    await e.click(
      page.getByRole('link', { name: 'Marquer comme lues sur le tableau des actions' }),
      '« Marquer comme lues sur le tableau des actions »',
    )
    await page.waitForURL(/\/v2\/actions\/dashboard/)
    const answers = page.getByRole('table', { name: 'Réponses reçues' })
    await answers
      .getByRole('row')
      .filter({ hasText: `${lastName} ${FIRST_NAME}` })
      .filter({ hasText: 'Nouvelle' })
      .waitFor()
    await e.click(page.getByRole('button', { name: 'Marquer comme lues', exact: true }), '« Marquer comme lues »')
    await page.getByText(/^(Réponse marquée comme lue|\d+ réponses marquées comme lues)\.$/).waitFor()
    await answers
      .getByRole('row')
      .filter({ hasText: `${lastName} ${FIRST_NAME}` })
      .filter({ hasText: 'Nouvelle' })
      .waitFor({ state: 'detached' })
  }
  return e.result('C read the answer', run)
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS })
try {
  const referent = await signIn(browser, REFERENT)
  const partner = await signIn(browser, PARTNER)
  for (let run = firstRun; run < firstRun + runs; run++) {
    const lastName = LAST_NAMES[(run - 1) % LAST_NAMES.length]!
    const since = Date.now()
    console.log(JSON.stringify(await createAndPrescribe(referent, lastName, run)))
    // The prescription mail leaves through the job queue: waited for, not counted.
    const mail = await waitForMail(PARTNER, since, /socialApplyId=[0-9a-f-]{36}/)
    const link = /https?:\/\/\S+\?socialApplyId=[0-9a-f-]{36}/.exec(mail)![0]
    console.log(JSON.stringify(await answerFromMail(partner, link, run)))
    console.log(JSON.stringify(await readTheAnswer(referent, lastName, run)))
  }
} finally {
  await browser.close()
}
