import { describe, expect, it } from 'vitest'
import { EMPTY_FORM, html, referralForm } from './public-pages'

describe('the referral form’s plain HTML', () => {
  it('escapes every value it shows, in text and in attributes', () => {
    expect(html`<p title="${'"><script>'}">${'<b>&</b>'}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;script&gt;">&lt;b&gt;&amp;&lt;/b&gt;</p>',
    )
    const page = referralForm({
      token: 'demoCcasDieppe_lienOrientation26',
      organisationName: 'CCAS <Dieppe>',
      places: [{ id: 'p1', label: 'Dieppe' }],
      needs: [{ id: 'n1', label: 'Mobilité' }],
      values: {
        ...EMPTY_FORM,
        firstName: '"><img src=x onerror=alert(1)>',
        situation: '</textarea><script>alert(1)</script>',
        placeId: 'p1',
        needs: ['n1'],
        consent: true,
      },
      errors: {},
      summary: null,
    }).value
    expect(page).not.toContain('<img src=x')
    expect(page).not.toContain('<script>')
    expect(page).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"')
    expect(page).toContain('Orientation vers CCAS &lt;Dieppe&gt;')
    expect(page).toContain('<option value="p1" selected>Dieppe</option>')
    expect(page).toContain('name="needs" value="n1" checked')
    expect(page).toMatch(/name="consent" value="true" checked/)
  })

  it('ties each error to its field and lists it in a summary that takes the focus', () => {
    const page = referralForm({
      token: 't',
      organisationName: 'Département',
      places: [],
      needs: [],
      values: EMPTY_FORM,
      errors: {
        prescriberEmail: "L'email n'est pas bien formaté",
        consent: 'La personne doit avoir donné son accord pour être orientée.',
      },
      summary: 'Vérifiez les champs signalés.',
    }).value
    expect(page).toContain('<div role="alert" tabindex="-1" autofocus')
    expect(page).toContain(
      '<a href="#f-prescriberEmail" class="underline">Votre email</a>\u00a0: L&#39;email n&#39;est pas bien formaté',
    )
    expect(page).toMatch(
      /id="f-prescriberEmail"[^>]*aria-invalid="true" aria-describedby="f-prescriberEmail-hint f-prescriberEmail-error"/,
    )
    expect(page).toContain(
      '<p id="f-prescriberEmail-error" class="text-sm text-red-700">L&#39;email n&#39;est pas bien formaté</p>',
    )
    expect(page).toContain('aria-describedby="f-consent-rgpd f-consent-error"')
  })
})
