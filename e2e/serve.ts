/**
 * The e2e web server: creates the run's database, migrates and seeds it (plus the e2e-only accounts), starts
 * the local SMTP sink, then serves the built app on them.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ne } from 'drizzle-orm'
import pg from 'pg'
import { createDb } from '../lib/db/client'
import { runMigrations } from '../db/migrate'
import { seedDemo } from '../db/seed'
import { users } from '../lib/db/schema'
import { TERMS_VERSION } from '../lib/onboarding/terms'
import { E2E_ACCOUNTS, seedE2eAccounts, seedE2eProviderUsers } from './e2e-accounts'
import { ENTRA_TENANT, issuerFor, OIDC_CLIENT_SECRET, startOidcServer } from './oidc-server'
import { startSmtpSink } from './smtp-sink'
import { startTwilioStandIn } from '../tests/support/twilio-stand-in'

const url = new URL(process.env.E2E_DATABASE_URL!)
const name = url.pathname.slice(1)
const admin = new URL(url)
admin.pathname = '/postgres'

const client = new pg.Client({ connectionString: admin.toString() })
await client.connect()
await client.query(`drop database if exists "${name}" with (force)`)
await client.query(`create database "${name}"`)
await client.end()

const { db, pool } = createDb(url.toString(), 2)
await runMigrations(db)
await seedDemo(db)
await seedE2eAccounts(db)
await seedE2eProviderUsers(db)
// Every account of the fixture has been through onboarding; those the specs invite have not, nor the
// route walk's account that stands for them.
await db
  .update(users)
  .set({ onboardedAt: new Date(), termsVersion: TERMS_VERSION, termsAcceptedAt: new Date() })
  .where(ne(users.email, E2E_ACCOUNTS.notOnboarded.email))
await pool.end()

const smtpPort = Number(process.env.E2E_SMTP_PORT)
const smtp = await startSmtpSink(smtpPort, process.env.OUTBOX_DIR!)

// The identity providers of the login page, all played by local OpenID Connect servers (e2e/oidc-server.ts).
const oidcPort = Number(process.env.E2E_OIDC_PORT)
const oidc = await startOidcServer(oidcPort, process.env.BETTER_AUTH_URL!)
const oidcOrigin = `http://127.0.0.1:${oidcPort}`
const providers = {
  PROCONNECT_CLIENT_ID: 'passerelle-proconnect',
  PROCONNECT_CLIENT_SECRET: OIDC_CLIENT_SECRET,
  PROCONNECT_ISSUER: issuerFor(oidcOrigin, 'proconnect'),
  PROCONNECT_ACR_VALUES: 'eidas1 eidas2',
  GOOGLE_CLIENT_ID: 'passerelle-google',
  GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
  GOOGLE_ISSUER: issuerFor(oidcOrigin, 'google'),
  MICROSOFT_CLIENT_ID: 'passerelle-microsoft',
  MICROSOFT_CLIENT_SECRET: OIDC_CLIENT_SECRET,
  MICROSOFT_TENANT_ID: ENTRA_TENANT,
  MICROSOFT_AUTHORITY: `${oidcOrigin}/microsoft`,
  FRANCE_TRAVAIL_CLIENT_ID: 'passerelle-france-travail',
  FRANCE_TRAVAIL_CLIENT_SECRET: OIDC_CLIENT_SECRET,
  FRANCE_TRAVAIL_DISCOVERY_URL: `${issuerFor(oidcOrigin, 'france-travail')}/.well-known/openid-configuration`,
  FRANCE_TRAVAIL_AUTHORIZATION_URL: `${issuerFor(oidcOrigin, 'france-travail')}/auth`,
  FRANCE_TRAVAIL_TOKEN_URL: `${issuerFor(oidcOrigin, 'france-travail')}/token`,
  FRANCE_TRAVAIL_REALM: '/agent',
  FRANCE_TRAVAIL_SCOPES: 'openid email profile',
}

// Twilio, played by the stand-in (tests/support/twilio-stand-in.ts): the SDK is pointed at it, it signs its callbacks.
const twilio = await startTwilioStandIn({
  port: Number(process.env.E2E_TWILIO_PORT),
  inboundUrl: `${process.env.BETTER_AUTH_URL}/api/sms/inbound`,
  from: 'PASSERELLE',
  accountSid: 'AC00000000000000000000000000e2e000',
  authToken: 'e2e-twilio-auth-token-5b1c',
})
const sms = {
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_FROM: 'PASSERELLE',
  TWILIO_API_BASE_URL: twilio.url,
}

// As `npm start` serves the app: scripts/serve.mjs, `next start` in one worker per core.
const child = spawn(process.execPath, ['scripts/serve.mjs', '-p', process.env.PORT ?? '3210'], {
  // Shown as before, and kept in E2E_SERVER_LOG for the specs that read what the server logged (e2e/fuzz.spec.ts).
  stdio: ['ignore', 'pipe', 'pipe'],
  // JOB_SCHEDULES=off: the hourly and nightly runs (reminders, retention) never fire at real time under the specs.
  env: {
    ...process.env,
    ...providers,
    ...sms,
    DATABASE_URL: url.toString(),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    JOB_SCHEDULES: 'off',
    PASSERELLE_CLOCK_FILE: process.env.E2E_CLOCK_FILE,
  },
})
fs.mkdirSync(path.dirname(process.env.E2E_SERVER_LOG!), { recursive: true })
const serverLog = fs.createWriteStream(process.env.E2E_SERVER_LOG!, { flags: 'a' })
child.stdout!.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk)
  serverLog.write(chunk)
})
child.stderr!.on('data', (chunk: Buffer) => {
  process.stderr.write(chunk)
  serverLog.write(chunk)
})
const stop = () => {
  smtp.close()
  oidc.close()
  void twilio.close()
  child.kill('SIGTERM')
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => process.exit(code ?? 0))
