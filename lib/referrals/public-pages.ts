import { attr, html, htmlPage as plainPage, type Safe } from '@/lib/html/plain'

export { html }

/**
 * The referral form's pages as plain HTML: no JavaScript at all (the React runtime alone is over the
 * 120 kB budget of these pages, used by people who do not work in Passerelle every day, on any phone), and Next.js does
 * not let a route handler render React to a string. So they are written here as HTML, every value escaped by `html`;
 * the form posts natively and its answer is a page again. They share the app's stylesheet.
 */
export type FormValues = {
  prescriberName: string
  prescriberStructure: string
  prescriberEmail: string
  prescriberPhone: string
  firstName: string
  lastName: string
  birthDate: string
  phone: string
  email: string
  addressFormatted: string
  placeId: string
  needs: string[]
  situation: string
  consent: boolean
}
export const EMPTY_FORM: FormValues = {
  prescriberName: '',
  prescriberStructure: '',
  prescriberEmail: '',
  prescriberPhone: '',
  firstName: '',
  lastName: '',
  birthDate: '',
  phone: '',
  email: '',
  addressFormatted: '',
  placeId: '',
  needs: [],
  situation: '',
  consent: false,
}
type Field = keyof FormValues
export const LABELS: Record<Field, string> = {
  prescriberName: 'Vos prénom et nom',
  prescriberStructure: 'Votre structure',
  prescriberEmail: 'Votre email',
  prescriberPhone: 'Votre téléphone',
  firstName: 'Prénom',
  lastName: 'Nom',
  birthDate: 'Date de naissance',
  phone: 'Téléphone',
  email: 'Email',
  addressFormatted: 'Adresse',
  placeId: 'Lieu de résidence',
  needs: 'Ses besoins',
  situation: 'Sa situation en quelques mots',
  consent: 'Accord de la personne',
}

/** A page of the referral form (its description for search engines and link previews). */
export const htmlPage = (status: number, title: string, body: Safe) =>
  plainPage(status, title, body, 'Orienter une personne vers une organisation qui l’accompagne vers l’emploi.')

const card = 'flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-8'
const NBSP = '\u00a0'

export const homepage = () => html`<section class="${card}">
<h1 class="text-2xl font-semibold">Formulaire d’orientation</h1>
<p class="text-slate-800">Ce formulaire permet d’orienter une personne vers une organisation qui l’accompagnera vers l’emploi (un département, une mission locale, une association…).</p>
<h2 class="text-lg font-semibold">Comment faire${NBSP}?</h2>
<ol class="list-decimal space-y-2 pl-5 text-slate-800">
<li>Ouvrez le lien personnel que l’organisation vous a transmis. Chaque lien est propre à votre structure.</li>
<li>Avec l’accord de la personne, décrivez sa situation et ses besoins.</li>
<li>Envoyez. L’organisation étudie l’orientation et vous répond par email.</li>
</ol>
<p class="text-slate-800">Vous n’avez pas de lien${NBSP}? Demandez-le à l’organisation vers laquelle vous souhaitez orienter la personne. Pour savoir comment les données sont protégées, lisez la <a href="/privacy-policy" class="underline">politique de confidentialité</a>.</p>
</section>`

export const confirmation = () => html`<section class="${card}">
<h1 class="text-2xl font-semibold">Orientation envoyée</h1>
<p class="text-slate-800">Merci. L’organisation a bien reçu votre orientation.</p>
<p class="text-slate-800">Elle l’étudie et vous répondra par email, que la personne soit accompagnée ou non.</p>
</section>`

/** The referral form's own page for a link that is not valid (unknown, disabled or expired): it says no more. */
export const notValid =
  () => html`<section role="alert" class="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center">
<h1 class="mb-2 text-xl font-semibold">Ce lien n’est pas valide</h1>
<p class="mb-6 text-slate-700">Demandez un nouveau lien à la structure qui vous l’a transmis.</p>
<a href="/referral-form/homepage" class="underline">Qu’est-ce que le formulaire d’orientation${NBSP}?</a>
</section>`

/** The referral form's error page (spec §8): the service failed, nothing was recorded. */
export const failure = () => html`<section role="alert" class="${card}">
<h1 class="text-xl font-semibold">Service momentanément indisponible</h1>
<p class="text-slate-800">Votre orientation n’a pas été enregistrée. Revenez en arrière et réessayez dans un instant${NBSP}: ce que vous avez saisi est encore dans la page.</p>
</section>`

type Choice = { id: string; label: string }
const input = 'rounded-md border border-slate-400 bg-white px-3 py-2 text-base'

/**
 * The form of one link. After a refused submission it comes back with what was typed, each error under its field
 * (aria-describedby) and in a summary that takes the focus (autofocus), with links to the fields.
 */
export function referralForm(props: {
  token: string
  organisationName: string
  places: Choice[]
  needs: Choice[]
  values: FormValues
  errors: Partial<Record<string, string>>
  summary: string | null
}) {
  const { values, errors, organisationName: org } = props
  const id = (f: Field) => `f-${f}`
  const describedBy = (f: Field, extra?: string) =>
    [extra ?? '', errors[f] ? `${id(f)}-error` : ''].filter(Boolean).join(' ') || null
  const error = (f: Field) =>
    errors[f] ? html`<p id="${id(f)}-error" class="text-sm text-red-700">${errors[f]}</p>` : ''
  const label = (f: Field, required?: boolean) =>
    html`<label for="${id(f)}" class="text-sm font-medium text-slate-800">${LABELS[f]}${required ? html`<span class="text-red-700"> (obligatoire)</span>` : html`<span class="font-normal text-slate-600"> (facultatif)</span>`}</label>`
  const text = (
    f:
      | 'prescriberName'
      | 'prescriberStructure'
      | 'prescriberEmail'
      | 'prescriberPhone'
      | 'firstName'
      | 'lastName'
      | 'birthDate'
      | 'phone'
      | 'email'
      | 'addressFormatted',
    o: { type?: string; required?: boolean; autoComplete?: string; hint?: string; inputMode?: string } = {},
  ) =>
    html`<div class="flex flex-col gap-1">${label(f, o.required)}${o.hint ? html`<p id="${id(f)}-hint" class="text-xs text-slate-600">${o.hint}</p>` : ''}<input id="${id(f)}" name="${f}" type="${o.type ?? 'text'}"${attr('inputmode', o.inputMode)} autocomplete="${o.autoComplete ?? 'off'}" value="${values[f]}"${attr('aria-required', o.required && 'true')}${attr('aria-invalid', !!errors[f] && 'true')}${attr('aria-describedby', describedBy(f, o.hint ? `${id(f)}-hint` : undefined))} class="${input}">${error(f)}</div>`
  const listed = (Object.keys(LABELS) as Field[]).filter((f) => errors[f])
  const summary = props.summary
    ? html`<div role="alert" tabindex="-1" autofocus class="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900 outline-none focus:ring-2 focus:ring-red-700"><p class="font-semibold">${props.summary}</p>${
        listed.length
          ? html`<ul class="mt-2 list-disc pl-5">${listed.map((f) => html`<li><a href="#${id(f)}" class="underline">${LABELS[f]}</a>${NBSP}: ${errors[f]}</li>`)}</ul>`
          : ''
      }</div>`
    : ''
  const places = props.places.length
    ? html`<div class="flex flex-col gap-1">${label('placeId')}<select id="${id('placeId')}" name="placeId"${attr('aria-invalid', !!errors.placeId && 'true')}${attr('aria-describedby', describedBy('placeId'))} class="${input}"><option value="">Choisir un lieu</option>${props.places.map(
        (p) => html`<option value="${p.id}"${values.placeId === p.id ? html` selected` : ''}>${p.label}</option>`,
      )}</select>${error('placeId')}</div>`
    : ''
  const needs = props.needs.length
    ? html`<fieldset id="${id('needs')}"${attr('aria-describedby', describedBy('needs'))} class="flex flex-col gap-2"><legend class="text-sm font-medium text-slate-800">${LABELS.needs} <span class="font-normal text-slate-600">(facultatif, plusieurs choix possibles)</span></legend><div class="grid gap-2 sm:grid-cols-2">${props.needs.map(
        (n) =>
          html`<label class="flex items-center gap-2 text-sm text-slate-800"><input type="checkbox" name="needs" value="${n.id}"${values.needs.includes(n.id) ? html` checked` : ''} class="h-4 w-4">${n.label}</label>`,
      )}</div>${error('needs')}</fieldset>`
    : ''
  return html`<section class="${card}">
<div><h1 class="text-2xl font-semibold">Informations sur la personne orientée</h1><p class="mt-1 text-slate-700">Orientation vers ${org}</p></div>
<p class="text-sm text-slate-700">Remplissez ce formulaire avec l’accord de la personne. ${org} l’étudie et vous répond par email. Les champs marqués «${NBSP}obligatoire${NBSP}» sont nécessaires.</p>
<form method="post" action="/referral-form/informations/${props.token}" novalidate class="flex flex-col gap-6">
${summary}
<fieldset class="flex flex-col gap-4 rounded-lg border border-slate-200 p-4"><legend class="px-1 text-base font-semibold text-slate-900">Vous, le prescripteur</legend>
${text('prescriberName', { required: true, autoComplete: 'name' })}
${text('prescriberStructure', { required: true, autoComplete: 'organization' })}
${text('prescriberEmail', { type: 'email', required: true, autoComplete: 'email', inputMode: 'email', hint: `${org} vous répond à cette adresse.` })}
${text('prescriberPhone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
</fieldset>
<fieldset class="flex flex-col gap-4 rounded-lg border border-slate-200 p-4"><legend class="px-1 text-base font-semibold text-slate-900">La personne orientée</legend>
${text('firstName', { required: true })}
${text('lastName', { required: true })}
${text('birthDate', { type: 'date' })}
${text('phone', { type: 'tel', inputMode: 'tel', hint: 'Un portable, pour qu’elle reçoive ses rendez-vous par SMS.' })}
${text('email', { type: 'email', inputMode: 'email' })}
${text('addressFormatted')}
${places}
</fieldset>
<fieldset class="flex flex-col gap-4 rounded-lg border border-slate-200 p-4"><legend class="px-1 text-base font-semibold text-slate-900">Sa situation</legend>
${needs}
<div class="flex flex-col gap-1">${label('situation')}<textarea id="${id('situation')}" name="situation" rows="5" maxlength="4000"${attr('aria-invalid', !!errors.situation && 'true')}${attr('aria-describedby', describedBy('situation'))} class="${input}">${values.situation}</textarea>${error('situation')}</div>
</fieldset>
<fieldset class="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"><legend class="px-1 text-base font-semibold text-slate-900">Son accord</legend>
<p id="${id('consent')}-rgpd" class="text-sm text-slate-700">Les informations de ce formulaire sont transmises à ${org}, qui les utilise pour accompagner la personne vers l’emploi. Elles sont conservées le temps de cet accompagnement. La personne peut y accéder, les faire corriger ou effacer en s’adressant à ${org}. Pour en savoir plus, lisez la <a href="/privacy-policy" class="underline">politique de confidentialité</a>.</p>
<label for="${id('consent')}" class="flex items-start gap-2 text-sm font-medium text-slate-800"><input id="${id('consent')}" type="checkbox" name="consent" value="true"${values.consent ? html` checked` : ''}${attr('aria-invalid', !!errors.consent && 'true')} aria-describedby="${describedBy('consent', `${id('consent')}-rgpd`)}" class="mt-0.5 h-4 w-4"><span>La personne a donné son accord pour être orientée vers ${org}. <span class="text-red-700">(obligatoire)</span></span></label>
${error('consent')}
</fieldset>
<div aria-hidden="true" class="absolute -left-[10000px] h-px w-px overflow-hidden"><label for="f-website">Site web (laisser vide)</label><input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""></div>
<button type="submit" class="self-start rounded-md bg-brand-700 px-5 py-2.5 text-base font-semibold text-white hover:bg-brand-800">Envoyer l’orientation</button>
</form>
</section>`
}
