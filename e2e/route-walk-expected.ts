/**
 * What every route of the app answers to each role and to no session (e2e/route-walk.spec.ts). Keyed by
 * "METHOD /route" exactly as app/ spells it; `sample` gives a concrete path on the demo data (ids from the run's database).
 * The staff accounts are Seine-Maritime's (admin, referent, conseiller: counsellor); `partenaire` is Mobilité Solidaire's
 * partner; `notOnboarded` is a counsellor of Seine-Maritime who has not been through onboarding yet.
 */
export const WALK_ROLES = ['none', 'notOnboarded', 'admin', 'referent', 'conseiller', 'partenaire'] as const
export type WalkRole = (typeof WALK_ROLES)[number]
export type Outcome = { status: number; location?: string; h1?: string }
type Expect = Outcome | number
type Entry = { sample: (ids: Record<string, string>) => string; html: boolean; expect: Record<WalkRole, Expect> }

const to = (location: string): Outcome => ({ status: 307, location })
const LOGIN = to('/v2/login')
const ONBOARDING = to('/onboarding')
const DASHBOARD = to('/v2/candidates/dashboard')
const PARTNER_HOME = to('/partners/structure/dashboard')
const NOT_FOUND: Outcome = { status: 404 }
const COURSES = to('/support-courses/dashboard')
const ok = (h1: string): Outcome => ({ status: 200, h1 })

type Staff = { admin: Expect; referent: Expect; conseiller: Expect; partenaire: Expect }
/** A page behind the session and onboarding gates: signed out goes to the login page, not onboarded to /onboarding. */
const guarded = (sample: Entry['sample'], staff: Staff): Entry => ({
  sample,
  html: true,
  expect: { none: LOGIN, notOnboarded: ONBOARDING, ...staff },
})
/** Open to every signed-in organisation user; a partner goes to its home. */
const orgPage = (sample: Entry['sample'], h1: string, partenaire: Expect = PARTNER_HOME) =>
  guarded(sample, { admin: ok(h1), referent: ok(h1), conseiller: ok(h1), partenaire })
/** A page for everybody, signed in or not. */
const open = (sample: Entry['sample'], h1: string, status = 200): Entry => {
  const o: Outcome = { status, h1 }
  return {
    sample,
    html: true,
    expect: { none: o, notOnboarded: o, admin: o, referent: o, conseiller: o, partenaire: o },
  }
}
/**
 * A route handler behind the session (lib/frame/route.ts): 401 signed out; a user not onboarded yet is refused as
 * actions refuse them (403), or "not found" (404) where the route hides what it refuses.
 */
const api = (sample: Entry['sample'], staff: Staff, notOnboarded: 403 | 404 = 403): Entry => ({
  sample,
  html: false,
  expect: { none: 401, notOnboarded, ...staff },
})
/** A route handler with a body of a given type: anything else is refused for its type first, whoever sends it. */
const typed = (sample: Entry['sample'], status: number): Entry => ({
  sample,
  html: false,
  expect: { none: status, notOnboarded: status, ...all(status) },
})
const allPages = (h1: string): Staff => ({ admin: ok(h1), referent: ok(h1), conseiller: ok(h1), partenaire: ok(h1) })
const all = (status: number): Staff => ({ admin: status, referent: status, conseiller: status, partenaire: status })
const path = (p: string) => () => p

const settings = (p: string, h1: string) =>
  guarded(path(p), { admin: ok(h1), referent: DASHBOARD, conseiller: DASHBOARD, partenaire: DASHBOARD })

export const EXPECTED: Record<string, Entry> = {
  'GET /': guarded(path('/'), {
    admin: DASHBOARD,
    referent: DASHBOARD,
    conseiller: DASHBOARD,
    partenaire: PARTNER_HOME,
  }),
  // Authentication pages.
  // Account security stays open before onboarding.
  'GET /change-password': {
    sample: path('/change-password'),
    html: true,
    expect: { none: LOGIN, notOnboarded: ok('Changer de mot de passe'), ...allPages('Changer de mot de passe') },
  },
  // The second factor is part of signing in, before onboarding.
  'GET /double-auth': {
    sample: path('/double-auth'),
    html: true,
    expect: { none: LOGIN, notOnboarded: ok('Double authentification'), ...allPages('Double authentification') },
  },
  'GET /new-password': open(path('/new-password?token=x'), 'Choisir un nouveau mot de passe'),
  // A signed-in user is sent on to their home (a not-onboarded one then on to /onboarding).
  'GET /v2/login': {
    sample: path('/v2/login'),
    html: true,
    expect: {
      none: ok('Connexion'),
      notOnboarded: DASHBOARD,
      admin: DASHBOARD,
      referent: DASHBOARD,
      conseiller: DASHBOARD,
      partenaire: PARTNER_HOME,
    },
  },
  // Main layout.
  'GET /homePage': guarded(path('/homePage'), {
    admin: ok('Bonjour Alice'),
    referent: ok('Bonjour Romain'),
    conseiller: DASHBOARD,
    partenaire: DASHBOARD,
  }),
  'GET /legal-notice': open(path('/legal-notice'), 'Mentions légales'),
  'GET /privacy-policy': open(path('/privacy-policy'), 'Politique de confidentialité'),
  'GET /terms-of-use': open(path('/terms-of-use'), 'Conditions d’utilisation'),
  'GET /offer/social/[offerId]': guarded(path('/offer/social/30000000-0000-4000-8000-000000000001'), all(200) as Staff),
  'GET /offer/social/[offerId]/edit': guarded(path('/offer/social/30000000-0000-4000-8000-000000000001/edit'), {
    admin: NOT_FOUND,
    referent: NOT_FOUND,
    conseiller: NOT_FOUND,
    partenaire: 200,
  }),
  // Only the structure's writers: its partner users, and those who run it (lib/partners/running.ts).
  // Mobilité Solidaire is run by its own partner: the organisation that created it no longer writes its offers.
  'GET /offer/social/create': guarded(path('/offer/social/create?structure=20000000-0000-4000-8000-000000000001'), {
    admin: NOT_FOUND,
    referent: NOT_FOUND,
    conseiller: NOT_FOUND,
    partenaire: 200,
  }),
  'GET /partners/structure/[structurePartnerId]': guarded(
    path('/partners/structure/20000000-0000-4000-8000-000000000001'),
    {
      admin: ok('Mobilité Solidaire'),
      referent: ok('Mobilité Solidaire'),
      conseiller: ok('Mobilité Solidaire'),
      partenaire: ok('Mobilité Solidaire'),
    },
  ),
  'GET /partners/structure/[structurePartnerId]/import': guarded(
    path('/partners/structure/20000000-0000-4000-8000-000000000001/import'),
    { admin: NOT_FOUND, referent: NOT_FOUND, conseiller: NOT_FOUND, partenaire: ok('Importer des offres sociales') },
  ),
  'GET /partners/structure/create': guarded(path('/partners/structure/create'), {
    admin: ok('Ajouter une structure partenaire'),
    referent: DASHBOARD,
    conseiller: DASHBOARD,
    partenaire: PARTNER_HOME,
  }),
  'GET /partners/structure/dashboard': guarded(path('/partners/structure/dashboard'), {
    admin: to('/partners/structure/default'),
    referent: to('/partners/structure/default'),
    conseiller: to('/partners/structure/default'),
    partenaire: ok('Mobilité Solidaire'),
  }),
  'GET /partners/structure/import': guarded(path('/partners/structure/import'), {
    admin: ok('Importer depuis data·inclusion'),
    referent: DASHBOARD,
    conseiller: DASHBOARD,
    partenaire: PARTNER_HOME,
  }),
  'GET /partners/structure/default': guarded(path('/partners/structure/default'), {
    admin: ok('Structures partenaires'),
    referent: ok('Structures partenaires'),
    conseiller: ok('Structures partenaires'),
    partenaire: PARTNER_HOME,
  }),
  // The spec's /support-courses is the dashboard's other address.
  'GET /support-courses': {
    sample: path('/support-courses'),
    html: true,
    expect: {
      none: COURSES,
      notOnboarded: COURSES,
      admin: COURSES,
      referent: COURSES,
      conseiller: COURSES,
      partenaire: COURSES,
    },
  },
  'GET /support-courses/[id]': guarded((ids) => `/support-courses/${ids.course}`, {
    admin: 200,
    referent: 200,
    conseiller: 200,
    partenaire: DASHBOARD,
  }),
  'GET /support-courses/dashboard': orgPage(path('/support-courses/dashboard'), 'Parcours d’accompagnement', DASHBOARD),
  'GET /v2/actions/dashboard': orgPage(path('/v2/actions/dashboard'), 'Tableau de bord des actions'),
  'GET /v2/candidate/[id]': guarded((ids) => `/v2/candidate/${ids.candidate}`, {
    admin: ok('Élodie Durand'),
    referent: ok('Élodie Durand'),
    conseiller: ok('Élodie Durand'),
    partenaire: DASHBOARD,
  }),
  'GET /v2/candidate/[id]/[navigation]': guarded((ids) => `/v2/candidate/${ids.candidate}/identite`, {
    admin: ok('Élodie Durand'),
    referent: ok('Élodie Durand'),
    conseiller: ok('Élodie Durand'),
    partenaire: DASHBOARD,
  }),
  'GET /v2/candidate/create': orgPage(path('/v2/candidate/create'), 'Créer un candidat'),
  'GET /v2/candidates/dashboard': orgPage(path('/v2/candidates/dashboard'), 'Candidats'),
  'GET /v2/candidates/fup': orgPage(path('/v2/candidates/fup'), 'Suivi des prescriptions'),
  'GET /v2/candidates/import': orgPage(path('/v2/candidates/import'), 'Importer des candidats'),
  'GET /v2/enterprise/[id]': guarded((ids) => `/v2/enterprise/${ids.enterprise}`, {
    admin: 200,
    referent: 200,
    conseiller: 200,
    partenaire: PARTNER_HOME,
  }),
  'GET /v2/enterprises/create': orgPage(path('/v2/enterprises/create'), 'Créer une entreprise'),
  'GET /v2/enterprises/dashboard': orgPage(path('/v2/enterprises/dashboard'), 'Entreprises'),
  'GET /v2/offer/[id]': guarded((ids) => `/v2/offer/${ids.jobOffer}`, {
    admin: 200,
    referent: 200,
    conseiller: 200,
    partenaire: PARTNER_HOME,
  }),
  'GET /v2/offers/dashboard/job': orgPage(path('/v2/offers/dashboard/job'), 'Offres d’emploi'),
  // The social offers' directory is open to partners too.
  'GET /v2/offers/dashboard/social': orgPage(
    path('/v2/offers/dashboard/social'),
    'Offres sociales',
    ok('Offres sociales'),
  ),
  'GET /v2/orientations/[id]': guarded((ids) => `/v2/orientations/${ids.orientation}`, {
    admin: 200,
    referent: 200,
    conseiller: 200,
    partenaire: DASHBOARD,
  }),
  'GET /v2/settings': settings('/v2/settings', 'Paramètres'),
  'GET /v2/settings/challenges': settings('/v2/settings/challenges', 'Freins'),
  'GET /v2/settings/custom-fields': settings('/v2/settings/custom-fields', 'Champs personnalisés'),
  'GET /v2/settings/exports': guarded(path('/v2/settings/exports'), {
    admin: ok('Exports'),
    referent: ok('Exports'),
    conseiller: DASHBOARD,
    partenaire: DASHBOARD,
  }),
  'GET /v2/settings/modeles': settings('/v2/settings/modeles', 'Modèles de documents'),
  'GET /v2/settings/modeles/[id]': guarded((ids) => `/v2/settings/modeles/${ids.model}`, {
    admin: 200,
    referent: DASHBOARD,
    conseiller: DASHBOARD,
    partenaire: DASHBOARD,
  }),
  'GET /v2/settings/organisations': settings('/v2/settings/organisations', 'Organisations'),
  'GET /v2/settings/permissions': settings('/v2/settings/permissions', 'Permissions'),
  'GET /v2/settings/referral-links': settings('/v2/settings/referral-links', 'Formulaires d’orientation'),
  'GET /v2/settings/refusal-causes': settings('/v2/settings/refusal-causes', 'Motifs de refus'),
  'GET /v2/settings/templates': settings('/v2/settings/templates', 'Modèles de SMS'),
  'GET /v2/settings/user/[id]': guarded((ids) => `/v2/settings/user/${ids.user}`, {
    admin: ok('Cédric Fontaine'),
    referent: DASHBOARD,
    conseiller: DASHBOARD,
    partenaire: DASHBOARD,
  }),
  'GET /v2/settings/user/[id]/consultations': guarded((ids) => `/v2/settings/user/${ids.user}/consultations`, {
    admin: ok('Consultations de Cédric Fontaine'),
    referent: DASHBOARD,
    conseiller: DASHBOARD,
    partenaire: DASHBOARD,
  }),
  'GET /v2/settings/users': settings('/v2/settings/users', 'Utilisateurs'),
  'GET /v2/statistics': orgPage(path('/v2/statistics'), 'Statistiques'),
  'GET /workshops/[id]': guarded((ids) => `/workshops/${ids.workshop}`, {
    admin: 200,
    referent: 200,
    conseiller: 200,
    partenaire: DASHBOARD,
  }),
  'GET /workshops/create': guarded(path('/workshops/create'), {
    admin: ok('Créer un atelier'),
    referent: ok('Créer un atelier'),
    conseiller: ok('Créer un atelier'),
    partenaire: DASHBOARD,
  }),
  'GET /workshops/dashboard': guarded(path('/workshops/dashboard'), {
    admin: ok('Ateliers'),
    referent: ok('Ateliers'),
    conseiller: ok('Ateliers'),
    partenaire: DASHBOARD,
  }),
  // Outside the main layout.
  'GET /diagnosis/[id]': guarded((ids) => `/diagnosis/${ids.candidate}`, {
    admin: 200,
    referent: 200,
    conseiller: 200,
    partenaire: PARTNER_HOME,
  }),
  'GET /diagnosis-link/[token]': open(
    path('/diagnosis-link/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    'Ce lien n’existe pas',
    404,
  ),
  'POST /diagnosis-link/[token]': {
    ...open(path('/diagnosis-link/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), 'Ce lien n’existe pas', 404),
  },
  // The person's invitation pages, signed out: a code typed from a letter, and an invitation's page (an unknown code is
  // "not found", with the code form to type it again).
  'GET /i': open(path('/i'), 'Votre invitation à un atelier'),
  'GET /reponse/[token]': open(path('/reponse/pas-un-lien'), 'Lien introuvable'),
  'GET /i/[code]': { sample: path('/i/AAAAAAAA'), html: true, expect: { none: 404, notOnboarded: 404, ...all(404) } },
  'GET /onboarding': {
    sample: path('/onboarding'),
    html: true,
    expect: {
      none: LOGIN,
      notOnboarded: ok('Bienvenue sur Passerelle'),
      admin: ok('Bienvenue sur Passerelle'),
      referent: ok('Bienvenue sur Passerelle'),
      conseiller: ok('Bienvenue sur Passerelle'),
      partenaire: ok('Bienvenue sur Passerelle'),
    },
  },
  'GET /onboarding/end': {
    sample: path('/onboarding/end'),
    html: true,
    expect: {
      none: LOGIN,
      notOnboarded: to('/onboarding/form'),
      admin: ok('C’est prêt !'),
      referent: ok('C’est prêt !'),
      conseiller: ok('C’est prêt !'),
      partenaire: ok('C’est prêt !'),
    },
  },
  'GET /onboarding/form': {
    sample: path('/onboarding/form'),
    html: true,
    expect: {
      none: LOGIN,
      notOnboarded: ok('Votre profil'),
      admin: ok('Votre profil'),
      referent: ok('Votre profil'),
      conseiller: ok('Votre profil'),
      partenaire: ok('Votre profil'),
    },
  },
  'GET /referral-form/confirmation': open(path('/referral-form/confirmation'), 'Orientation envoyée'),
  'GET /referral-form/homepage': open(path('/referral-form/homepage'), 'Formulaire d’orientation'),
  'GET /referral-form/informations/[id]': open(
    path('/referral-form/informations/demoCcasDieppe_lienOrientation26'),
    'Informations sur la personne orientée',
  ),
  'POST /referral-form/informations/[id]': open(
    path('/referral-form/informations/demoCcasDieppe_lienOrientation26'),
    'Informations sur la personne orientée',
    400,
  ),
  // Route handlers.
  // Only the providers' callbacks and the throttled sign-in are served over HTTP; better-auth's other endpoints are not.
  'GET /api/auth/[...all]': {
    sample: path('/api/auth/get-session'),
    html: false,
    expect: { none: 404, notOnboarded: 404, ...all(404) },
  },
  'POST /api/auth/[...all]': {
    sample: path('/api/auth/sign-in/email'),
    html: false,
    expect: { none: 400, notOnboarded: 400, ...all(400) },
  },
  // The walk posts JSON: a body that is not a form is refused for its type (415) before the session is read.
  'POST /api/candidate-imports/commit': typed(path('/api/candidate-imports/commit'), 415),
  'POST /api/candidate-imports/preview': typed(path('/api/candidate-imports/preview'), 415),
  // Counsellors do not hold candidate.export.
  'POST /api/candidates/export': api(path('/api/candidates/export'), {
    admin: 400,
    referent: 400,
    conseiller: 403,
    partenaire: 403,
  }),
  'POST /api/candidates/search': api(path('/api/candidates/search'), {
    admin: 200,
    referent: 200,
    conseiller: 200,
    partenaire: 403,
  }),
  // A prescription sheet to Habitat Relais: Mobilité Solidaire's partner does not see it.
  'GET /api/documents/[id]': api((ids) => `/api/documents/${ids.document}`, {
    admin: 200,
    referent: 200,
    conseiller: 200,
    partenaire: 404,
  }),
  'GET /api/exports/[id]': api(path('/api/exports/00000000-0000-4000-8000-000000000000'), all(404), 404),
  // The read journal's CSV and a person's right-of-access file: administrators only, anyone else "not found".
  'GET /api/read-journal': api(
    (ids) => `/api/read-journal?candidate=${ids.candidate}`,
    {
      admin: 200,
      referent: 404,
      conseiller: 404,
      partenaire: 404,
    },
    404,
  ),
  'GET /api/candidates/[id]/access-export': api(
    (ids) => `/api/candidates/${ids.candidate}/access-export`,
    {
      admin: 200,
      referent: 404,
      conseiller: 404,
      partenaire: 404,
    },
    404,
  ),
  // Any other /api path: JSON 404 for every method, whoever asks.
  ...Object.fromEntries(
    ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'].map((method) => [
      `${method} /api/[...unknown]`,
      {
        sample: path('/api/nothing/here'),
        html: false,
        expect: { none: 404, notOnboarded: 404, ...all(404) },
      } satisfies Entry,
    ]),
  ),
  'GET /api/health': {
    sample: path('/api/health'),
    html: false,
    expect: { none: 200, notOnboarded: 200, ...all(200) },
  },
  'GET /api/ready': { sample: path('/api/ready'), html: false, expect: { none: 200, notOnboarded: 200, ...all(200) } },
  // The walk posts no multipart body: refused for its type (415) before the session is read, as for every role.
  'POST /api/offer-imports/commit': {
    sample: path('/api/offer-imports/commit'),
    html: false,
    expect: { none: 415, notOnboarded: 415, ...all(415) },
  },
  'POST /api/offer-imports/preview': {
    sample: path('/api/offer-imports/preview'),
    html: false,
    expect: { none: 415, notOnboarded: 415, ...all(415) },
  },
  'POST /api/structure-imports/commit': {
    sample: path('/api/structure-imports/commit'),
    html: false,
    expect: { none: 415, notOnboarded: 415, ...all(415) },
  },
  'POST /api/structure-imports/preview': {
    sample: path('/api/structure-imports/preview'),
    html: false,
    expect: { none: 415, notOnboarded: 415, ...all(415) },
  },
  // Staff of no structure: "not found"; the partner's body without a tab is a French 400.
  'POST /api/offers/[offerId]/applies': api(
    path('/api/offers/30000000-0000-4000-8000-000000000001/applies'),
    { admin: 404, referent: 404, conseiller: 404, partenaire: 400 },
    404,
  ),
  'POST /api/referral-form/[token]': {
    sample: path('/api/referral-form/demoCcasDieppe_lienOrientation26'),
    html: false,
    expect: { none: 400, notOnboarded: 400, ...all(400) },
  },
  'POST /api/sms/inbound': {
    sample: path('/api/sms/inbound'),
    html: false,
    expect: { none: 403, notOnboarded: 403, ...all(403) },
  },
  'POST /api/sms/status': {
    sample: path('/api/sms/status'),
    html: false,
    expect: { none: 403, notOnboarded: 403, ...all(403) },
  },
  // Archiving is the partner's (offers.social.archive).
  'POST /api/social-applies/archive': api(path('/api/social-applies/archive'), {
    admin: 403,
    referent: 403,
    conseiller: 403,
    partenaire: 400,
  }),
  'POST /api/social-applies/restore': api(path('/api/social-applies/restore'), {
    admin: 403,
    referent: 403,
    conseiller: 403,
    partenaire: 400,
  }),
  // An invitation's letter: workshops.modify; another organisation's, or none, is "not found".
  'GET /api/invitations/[id]/letter': api(
    path('/api/invitations/00000000-0000-4000-8000-000000000000/letter'),
    all(404),
    404,
  ),
  'GET /api/workshops/[id]/registrations': api(
    (ids) => `/api/workshops/${ids.workshop}/registrations`,
    {
      admin: 200,
      referent: 200,
      conseiller: 200,
      partenaire: 404,
    },
    404,
  ),
  'GET /api/workshops/[id]/sign-in-sheet': api(
    (ids) => `/api/workshops/${ids.workshop}/sign-in-sheet`,
    {
      admin: 200,
      referent: 200,
      conseiller: 200,
      partenaire: 404,
    },
    404,
  ),
}
