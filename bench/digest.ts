/**
 * The figure (`npm run bench`): the partners' morning digest at full scale (`partner-digest`), the job's own code
 * (`sendPartnerDigests`, lib/prescriptions/digest.ts) on a Monday at 8:00 Paris, when both the daily and the weekly
 * digests are due: every partner user of every structure, one transaction per structure, one mail per user with
 * something waiting. Between runs (untimed) the day's digest rows, their mails, audit rows and queued jobs are removed,
 * so that each run sends them all again. Target (the issue names none): the whole run within 60 s, far inside the
 * job's 30 minutes of expiry, so that a retry at 8:05 still finds the morning free.
 */
import { sendPartnerDigests } from '../lib/prescriptions/digest'
import { measure } from './measure'
import type { Measurement } from './measurements'

/** Monday 30 November 2026, 8:00 in Paris (7:00 UTC): daily and weekly digests both due. */
const MONDAY_8AM = new Date('2026-11-30T07:00:00Z')
const DAY = '2026-11-30'
const TARGET_SECONDS = 60

export const partnerDigest: Measurement = {
  name: 'partner-digest',
  async run({ pool, db, log }) {
    // A mail's text is sealed with the app's secret (lib/crypto/sealed.ts), as in the app.
    process.env.BETTER_AUTH_SECRET ??= 'bench-secret-0f3c9a7e5d1b2f4a6c8e0d2b4f6a8c1e'
    const { rows: users } = await pool.query<{ n: number; structures: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT structure_id)::int AS structures FROM "user"
       WHERE role = 'fullPartner' AND structure_id IS NOT NULL AND NOT disabled AND prescription_mails IN ('daily', 'weekly')`,
    )
    const clear = async () => {
      await pool.query(
        `DELETE FROM pgboss.job WHERE name = 'send-mail' AND data->>'mailId' IN (SELECT id::text FROM outbound_mails WHERE kind = 'prescription-digest')`,
      )
      await pool.query(`DELETE FROM outbound_mails WHERE kind = 'prescription-digest'`)
      await pool.query(`DELETE FROM audit_log WHERE action = 'prescription.digest'`)
      await pool.query('DELETE FROM partner_digests WHERE period = $1', [DAY])
    }
    let mails = 0
    const timing = await measure(
      async () => {
        mails = await sendPartnerDigests(db, MONDAY_8AM)
      },
      { iterations: 3, warmup: 1, before: clear },
    )
    await clear()
    await pool.query('VACUUM (ANALYZE) partner_digests, outbound_mails, audit_log')
    log(`partner-digest: ${mails} mails to ${users[0]!.n} partner users in ${timing.p50} ms (p50)`)
    return {
      ...timing,
      partnerUsers: users[0]!.n,
      structures: users[0]!.structures,
      mails,
      msPerStructure: Math.round((timing.p50 / Math.max(1, users[0]!.structures)) * 100) / 100,
      target: { seconds: TARGET_SECONDS },
      ok: timing.max <= TARGET_SECONDS * 1000,
    }
  },
}
