import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, onE2eDatabase, storageStateOf, screenshots } from './fixtures'

// An administrator adds a required list field, which the candidate form then requires; moves it; archives it.
test.use({ storageState: storageStateOf('admin') })
test.describe.configure({ mode: 'serial', retries: 0 })

const LABEL = 'Situation de logement'

test('an administrator adds a required list field, sees it required on candidate creation, moves it and archives it', async ({
  page,
}) => {
  test.setTimeout(90_000)
  try {
    await page.goto('/v2/settings/custom-fields')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Champs personnalisés')
    const table = page.getByRole('table', { name: 'Champs personnalisés, dans l’ordre du formulaire' })
    const before = await table.getByRole('row').count()

    await page.getByRole('button', { name: 'Ajouter un champ' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ajouter un champ' })
    // A list without choices is refused with its message.
    await dialog.getByLabel('Libellé').fill(LABEL)
    await dialog.getByLabel('Type').selectOption({ label: 'Liste' })
    await dialog.getByRole('button', { name: 'Ajouter le champ' }).click()
    await expect(dialog.getByText('Une liste a au moins un choix\u00a0: écrivez-en un par ligne.')).toBeVisible()
    await expect(dialog.getByLabel('Choix de la liste')).toHaveAttribute('aria-invalid', 'true')
    await dialog.getByLabel('Choix de la liste').fill('Logement autonome\nHébergé chez un tiers\nSans domicile stable')
    await dialog.getByLabel('Obligatoire à la création et à la modification d’un candidat').check()
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Ajouter le champ' }).click()
    await expect(page.getByText('Champ ajouté.').first()).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(table.getByRole('row')).toHaveCount(before + 1)
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(LABEL) }) })
    await expect(row.getByRole('cell').nth(1)).toHaveText('Liste')
    await expect(row.getByRole('cell').nth(2)).toHaveText('Oui')
    await expectNoSeriousA11yViolations(page)
    await screenshots(page, 'custom-fields')

    // Last of the list: it moves up by keyboard.
    await expect(page.getByRole('button', { name: `Descendre « ${LABEL} »` })).toBeDisabled()
    await page.getByRole('button', { name: `Monter « ${LABEL} »` }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Champ monté d’un rang.').first()).toBeVisible()
    await expect(table.getByRole('row').nth(before)).not.toContainText(LABEL)
    await expect(table.getByRole('row').nth(before - 1)).toContainText(LABEL)

    // The candidate form requires it.
    await page.goto('/v2/candidate/create')
    await page.getByRole('button', { name: 'Créer le candidat' }).click()
    await expect(page.getByText(`Le champ « ${LABEL} » est obligatoire`, { exact: true })).toBeVisible()
    await expect(page.getByLabel(LABEL, { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel(LABEL, { exact: true }).locator('option')).toContainText([
      'Logement autonome',
      'Hébergé chez un tiers',
      'Sans domicile stable',
    ])

    // Archived: it leaves the form and stays listed among the archived fields.
    await page.goto('/v2/settings/custom-fields')
    await page.getByRole('button', { name: `Archiver « ${LABEL} »` }).click()
    const confirm = page.getByRole('dialog', { name: `Archiver « ${LABEL} »\u00a0?` })
    await expect(confirm).toContainText('Aucun candidat n’a de valeur pour ce champ.')
    await confirm.getByRole('button', { name: 'Archiver le champ' }).click()
    await expect(
      page.getByText('Champ archivé. Les valeurs déjà saisies restent dans la fiche des candidats.').first(),
    ).toBeVisible()
    await expect(
      page
        .getByRole('region', { name: 'Champs archivés' })
        .or(page.locator('section', { has: page.getByRole('heading', { name: 'Champs archivés' }) })),
    ).toContainText(LABEL)
    await page.goto('/v2/candidate/create')
    await expect(page.getByLabel('Niveau de français', { exact: true })).toBeVisible()
    await expect(page.getByLabel(LABEL, { exact: true })).toHaveCount(0)
  } finally {
    // The other specs create candidates with the demo organisation's own fields only.
    await onE2eDatabase(
      `update custom_field_definitions set archived_at = now() where label = $1 and archived_at is null`,
      [LABEL],
    )
  }
})
