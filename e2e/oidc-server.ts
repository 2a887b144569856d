/**
 * Real OpenID Connect servers on loopback (the `oidc-provider` package) playing ProConnect, Google, Microsoft
 * Entra ID and France Travail for the e2e run, each under its own path of one port. Their sign-in page lists
 * the test identities and, for ProConnect, the authentication level (acr) and methods (amr: a second factor or
 * not) to answer with.
 */
import http from 'node:http'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration } from 'oidc-provider'

export const ENTRA_TENANT = '7f3c2b1a-0000-4000-8000-00000000e2e0'

/** The people the providers know. `passerelle` says who they are in Passerelle (provisioned in e2e-accounts.ts). */
export const OIDC_IDENTITIES = {
  proconnect: [
    {
      sub: 'pc-agent-0001',
      email: 'agent.proconnect@passerelle.test',
      given_name: 'Agathe',
      usual_name: 'Connect',
      uid: 'agathe',
      siret: '22760540900019',
    },
    {
      sub: 'pc-inconnu-0002',
      email: 'inconnu.proconnect@exemple.gouv.fr',
      given_name: 'Ines',
      usual_name: 'Connue',
      uid: 'ines',
      siret: '22760540900019',
    },
    // An administrator (settings.* permissions): a second factor is asked after ProConnect too.
    {
      sub: 'pc-admin-0003',
      email: 'admin.proconnect@passerelle.test',
      given_name: 'Adèle',
      usual_name: 'Min',
      uid: 'adele',
      siret: '22760540900019',
    },
  ],
  google: [
    { sub: 'g-1001', email: 'google.agent@passerelle.test', email_verified: true, name: 'Gaston Gle' },
    // Same address as a provisioned account, but the provider did not verify it: never linked.
    { sub: 'g-1002', email: 'conseiller@passerelle.test', email_verified: false, name: 'Usurpateur' },
    // For the integration tier (tests/integration/auth-provider-second-factor.int.test.ts): an administrator and
    // a counsellor, provisioned there with these subjects.
    { sub: 'g-1003', email: 'google.admin@passerelle.test', email_verified: true, name: 'Gaëlle Admin' },
    { sub: 'g-1004', email: 'google.conseil@passerelle.test', email_verified: true, name: 'Gilles Conseil' },
  ],
  microsoft: [
    // Keyed on tenant + object id; the email is not trusted (Entra lets tenants set any address).
    {
      sub: 'ms-pairwise-1',
      tid: ENTRA_TENANT,
      oid: '0e2e0000-0000-4000-8000-000000000001',
      email: 'referent@passerelle.test',
      name: 'Maëlle Soft',
    },
    {
      sub: 'ms-pairwise-2',
      tid: ENTRA_TENANT,
      oid: '0e2e0000-0000-4000-8000-000000000002',
      email: 'quelquun@autre-domaine.test',
      name: 'Émile Ntra',
    },
    // Linked by its owner from their account page (e2e/identity-providers.spec.ts): no account has this address.
    {
      sub: 'ms-pairwise-3',
      tid: ENTRA_TENANT,
      oid: '0e2e0000-0000-4000-8000-000000000003',
      email: 'lien.microsoft@autre-domaine.test',
      name: 'Lina Lien',
    },
    // For the integration tier (tests/integration/identity-links.int.test.ts).
    {
      sub: 'ms-pairwise-4',
      tid: ENTRA_TENANT,
      oid: '0e2e0000-0000-4000-8000-000000000004',
      email: 'lien.integration@autre-domaine.test',
      name: 'Ivo Lien',
    },
    {
      sub: 'ms-pairwise-5',
      tid: ENTRA_TENANT,
      oid: '0e2e0000-0000-4000-8000-000000000005',
      email: 'deja.pris@autre-domaine.test',
      name: 'Dé Jà',
    },
  ],
  'france-travail': [
    { sub: 'ft-3001', email: 'ft.agent@passerelle.test', email_verified: false, name: 'Félix Travail' },
    // For the integration tier (tests/integration/auth-proconnect-mfa.int.test.ts): an address France Travail
    // verified, and one it did not, each the address of an account provisioned there without this identity.
    { sub: 'ft-3002', email: 'ft.verifiee@passerelle.test', email_verified: true, name: 'Vérane Fiée' },
    { sub: 'ft-3003', email: 'ft.non-verifiee@passerelle.test', email_verified: false, name: 'Nora Vérifiée' },
  ],
} as const

type ProviderKey = keyof typeof OIDC_IDENTITIES

export function issuerFor(origin: string, key: ProviderKey): string {
  return key === 'microsoft' ? `${origin}/microsoft/${ENTRA_TENANT}/v2.0` : `${origin}/${key}`
}

export const OIDC_CLIENT_SECRET = 'e2e-oidc-secret-9b1d4c7e2a5f8e0d3c6b9a2f5e8d1c4b'

export async function startOidcServer(port: number, appUrl: string): Promise<http.Server> {
  const origin = `http://127.0.0.1:${port}`
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' }
  const providers = new Map<string, { provider: Provider; key: ProviderKey; prefix: string }>()
  /** Requests the providers received, for the specs to read (e.g. France Travail's realm). */
  const seen: string[] = []

  for (const key of Object.keys(OIDC_IDENTITIES) as ProviderKey[]) {
    const issuer = issuerFor(origin, key)
    const prefix = new URL(issuer).pathname
    const people = OIDC_IDENTITIES[key] as readonly Record<string, unknown>[]
    const configuration: Configuration = {
      clients: [
        {
          client_id: `passerelle-${key}`,
          client_secret: OIDC_CLIENT_SECRET,
          redirect_uris: [`${appUrl}/api/auth/callback/${key}`],
          post_logout_redirect_uris: [`${appUrl}/v2/login`],
          token_endpoint_auth_method: 'client_secret_post',
          ...(key === 'proconnect' ? { userinfo_signed_response_alg: 'RS256' } : {}),
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: ['e2e-oidc-cookie-key-0123456789abcdef'] },
      acrValues: ['eidas1', 'eidas2', 'eidas3', 'faible'],
      claims: {
        amr: null,
        openid: ['sub', 'tid', 'oid'],
        email: ['email', 'email_verified'],
        profile: ['name'],
        given_name: ['given_name'],
        usual_name: ['usual_name'],
        uid: ['uid'],
        siret: ['siret'],
      },
      conformIdTokenClaims: false,
      features: {
        devInteractions: { enabled: false },
        claimsParameter: { enabled: true },
        jwtUserinfo: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx, form) => {
            ctx.body = `<!doctype html><html lang="fr"><body><h1>Déconnexion du fournisseur</h1>${form}<button form="op.logoutForm" name="logout" value="yes" type="submit">Se déconnecter du fournisseur</button></body></html>`
          },
          postLogoutSuccessSource: async (ctx) => {
            ctx.body = '<!doctype html><html><body><h1>Déconnecté du fournisseur</h1></body></html>'
          },
        },
      },
      pkce: { required: () => true },
      interactions: { url: (_ctx, interaction) => `${prefix}/interaction/${interaction.uid}` },
      findAccount: async (_ctx, sub) => {
        const person = people.find((p) => p.sub === sub)
        if (!person) return undefined
        return { accountId: sub, claims: async () => ({ ...person }) as { sub: string } }
      },
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        })
        grant.addOIDCScope(String(ctx.oidc.params!.scope ?? 'openid'))
        grant.addOIDCClaims([
          'acr',
          'amr',
          'tid',
          'oid',
          'email',
          'email_verified',
          'name',
          'given_name',
          'usual_name',
          'uid',
          'siret',
        ])
        await grant.save()
        return grant
      },
    }
    const provider = new Provider(issuer, configuration)
    provider.proxy = false
    providers.set(prefix, { provider, key, prefix })
  }

  const server = http.createServer(async (req, res) => {
    seen.push(req.url ?? '')
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === '/__requests') {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(seen))
      return
    }
    const entry = [...providers.values()].find(
      (p) => url.pathname === p.prefix || url.pathname.startsWith(`${p.prefix}/`),
    )
    if (!entry) {
      res.statusCode = 404
      res.end()
      return
    }
    const interaction = new RegExp(`^${entry.prefix}/interaction/([^/]+)$`).exec(url.pathname)
    try {
      if (interaction && req.method === 'GET') return await loginPage(entry.provider, entry.key, req, res)
      if (interaction && req.method === 'POST') return await finishLogin(entry.provider, req, res)
    } catch (error) {
      res.statusCode = 400
      res.end(String((error as Error).message))
      return
    }
    ;(req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url
    req.url = req.url!.slice(entry.prefix.length) || '/'
    entry.provider.callback()(req, res)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return server
}

async function loginPage(provider: Provider, key: ProviderKey, req: http.IncomingMessage, res: http.ServerResponse) {
  const details = await provider.interactionDetails(req, res)
  const people = OIDC_IDENTITIES[key] as readonly { sub: string; email: string }[]
  const options = people
    .map((p) => `<label><input type="radio" name="sub" value="${p.sub}" required> ${p.email}</label><br>`)
    .join('')
  const acr =
    key === 'proconnect'
      ? `<fieldset><legend>Niveau</legend>${['eidas1', 'eidas2', 'faible'].map((a) => `<label><input type="radio" name="acr" value="${a}"${a === 'eidas1' ? ' checked' : ''}> ${a}</label>`).join(' ')}</fieldset>` +
        `<fieldset><legend>Méthode</legend>${[
          ['pwd', 'Mot de passe seul'],
          ['pwd mfa', 'Avec second facteur'],
        ]
          .map(
            ([v, l]) =>
              `<label><input type="radio" name="amr" value="${v}"${v === 'pwd' ? ' checked' : ''}> ${l}</label>`,
          )
          .join(' ')}</fieldset>`
      : ''
  res.setHeader('content-type', 'text/html; charset=utf-8')
  res.end(
    `<!doctype html><html lang="fr"><head><title>Fournisseur ${key}</title></head><body><h1>Fournisseur d’identité de test : ${key}</h1>` +
      `<form method="post" action="${new URL(req.url!, 'http://x').pathname}"><input type="hidden" name="uid" value="${details.uid}">${options}${acr}<button type="submit">Continuer</button></form></body></html>`,
  )
}

async function finishLogin(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const form = new URLSearchParams(Buffer.concat(chunks).toString())
  await provider.interactionFinished(
    req,
    res,
    {
      login: {
        accountId: form.get('sub')!,
        acr: form.get('acr') ?? 'eidas1',
        amr: (form.get('amr') ?? 'pwd').split(' ').filter(Boolean),
      },
    },
    { mergeWithLastSubmission: false },
  )
}
