import { test } from '@playwright/test'
import { storageStateOf } from './fixtures'

test.use({ storageState: storageStateOf('admin') })

test('measure', async ({ page }) => {
  for (const url of ['/v2/candidates/fup?scope=all', '/v2/candidates/dashboard', '/homePage', '/v2/actions/dashboard']) {
    const res = await page.request.get(url)
    const html = await res.text()
    const bodies = [...html.matchAll(/<tbody[^>]*>([\s\S]*?)<\/tbody>/g)].map((m) => m[1]!)
    const rows = bodies.flatMap((b) => [...b.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((m) => m[0].length))
    const sum = rows.reduce((a, b) => a + b, 0)
    console.log(JSON.stringify({ url, htmlBytes: html.length, rows: rows.length, avgRowBytes: rows.length ? Math.round(sum / rows.length) : 0 }))
  }
})
