/**
 * The figure (`npm run bench`): the referral form's submission, server time (the link, the fields, the hourly
 * limits in PostgreSQL, the orientation, its audit row and its mail in one transaction), p95 ≤ 50 ms, with 50 000
 * orientations already received. Each submission comes from its own address, so that both limits are counted.
 */
import type { Pool } from 'pg'
import { submitOrientation } from '../lib/referrals/submit'
import { summarize } from './measure'
import type { Measurement } from './measurements'

const TOKEN = 'benchReferralLink_000000000000000'.slice(0, 32)

export const referralSubmitServer: Measurement = {
  name: 'referral-submit-server',
  async run({ pool, db, iterations }) {
    // The mail's text is sealed with the app's secret (lib/crypto/sealed.ts), as in the app.
    process.env.BETTER_AUTH_SECRET ??= 'bench-secret-0f3c9a7e5d1b2f4a6c8e0d2b4f6a8c1e'
    const {
      rows: [org],
    } = await pool.query<{ id: string }>('SELECT id FROM organisations ORDER BY id LIMIT 1')
    const {
      rows: [link],
    } = await pool.query<{ id: string }>(
      `INSERT INTO referral_links (organisation_id, token_hash, token_hint, label, notify_email) VALUES ($1, encode(sha256(convert_to($2::text, 'UTF8')), 'hex'), left($2::text, 4), 'CCAS (bench)', 'accueil@bench.passerelle.test') RETURNING id`,
      [org!.id, TOKEN],
    )
    const previousLimit = process.env.REFERRAL_LIMIT_PER_LINK
    process.env.REFERRAL_LIMIT_PER_LINK = String(10 * iterations + 100)
    try {
      // The orientations received before: 50 000 over the last year.
      await pool.query(
        `INSERT INTO orientations (organisation_id, link_id, status, prescriber_name, prescriber_structure, prescriber_email, first_name, last_name, consent_at, created_at, decided_at)
         SELECT $1, $2, CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'accepted' END::orientation_status, 'Prescriptrice ' || i, 'CCAS', 'p' || i || '@bench.test', 'Prénom' || i, 'Nom' || i,
           now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval, CASE WHEN i % 10 = 0 THEN NULL ELSE now() END
         FROM generate_series(1, 50000) i`,
        [org!.id, link!.id],
      )
      await pool.query('ANALYZE orientations')
      const { rows: places } = await pool.query<{ id: string }>(
        'SELECT id FROM places WHERE organisation_id = $1 LIMIT 1',
        [org!.id],
      )
      const { rows: needs } = await pool.query<{ id: string }>(
        'SELECT id FROM challenges WHERE organisation_id IS NULL ORDER BY position LIMIT 2',
      )
      const form = (i: number) => ({
        prescriberName: 'Nadia Benali',
        prescriberStructure: 'CCAS de Dieppe',
        prescriberEmail: 'n.benali@ccas.test',
        prescriberPhone: '02 35 84 00 00',
        firstName: `Zoé${i}`,
        lastName: 'Vasseur',
        birthDate: '1990-04-12',
        phone: '06 12 34 56 78',
        email: '',
        addressFormatted: '3 rue Ampère, 76200 Dieppe',
        placeId: places[0]?.id ?? '',
        needs: needs.map((n) => n.id),
        situation: 'Cherche un emploi de cariste. '.repeat(20),
        consent: true,
        website: '',
      })
      const durations: number[] = []
      for (let i = 0; i < iterations + 20; i++) {
        const start = performance.now()
        const outcome = await submitOrientation(db, TOKEN, form(i), {
          ip: `198.51.100.${i % 250}:${i}`,
          now: new Date(),
        })
        if (i >= 20) durations.push(performance.now() - start)
        if (!outcome.ok) throw new Error(`submission ${i}: ${JSON.stringify(outcome)}`)
      }
      const timing = summarize(durations)
      return { orientationsBefore: 50_000, ...timing, target: { p95: 50 }, ok: timing.p95 <= 50 }
    } finally {
      if (previousLimit === undefined) delete process.env.REFERRAL_LIMIT_PER_LINK
      else process.env.REFERRAL_LIMIT_PER_LINK = previousLimit
      await cleanUp(pool, link!.id)
    }
  },
}

async function cleanUp(pool: Pool, linkId: string) {
  await pool.query(
    `DELETE FROM outbound_mails WHERE kind = 'orientation-received' AND to_address = 'accueil@bench.passerelle.test'`,
  )
  await pool.query(`DELETE FROM audit_log WHERE action = 'orientation.received' AND details->>'linkId' = $1`, [linkId])
  await pool.query('DELETE FROM orientations WHERE link_id = $1', [linkId])
  await pool.query('DELETE FROM referral_links WHERE id = $1', [linkId])
  await pool.query(`DELETE FROM auth_attempt WHERE bucket LIKE 'referral:%'`)
}
