import { sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { appUrl } from '@/lib/auth/app-url'
import type { Db } from '@/lib/db/client'
import { invitationSeatAlerts } from '@/lib/db/schema'
import { parisToday } from '@/lib/dates'
import { queueMail } from '@/lib/mail/queue-mail'
import type { Mail } from '@/lib/mail/mailer'
import { formatCount } from '@/lib/numbers'

/**
 * The organisation's mail when people invited to a theme can no longer book: counts and the theme only, never who (a
 * mail leaves our hands; the candidates stay behind the sign-in).
 */
export function seatAlertMail(to: string, theme: string, waiting: number): Mail {
  const invitationsLeft = formatCount(waiting, 'invitation en attente', 'invitations en attente')
  return {
    to,
    subject: `Plus de place libre pour l’atelier «\u00a0${theme}\u00a0»`,
    text: [
      'Bonjour,',
      '',
      `${invitationsLeft} pour l’atelier «\u00a0${theme}\u00a0» ${waiting > 1 ? 'n’ont' : 'n’a'} plus aucune séance avec une place libre avant ${waiting > 1 ? 'leur' : 'sa'} date limite\u00a0: les personnes invitées ne peuvent pas réserver.`,
      `Ajoutez une séance ou des places\u00a0: ${appUrl()}/workshops/dashboard`,
      '',
      'Ce message est envoyé automatiquement par Passerelle, une fois par jour et par thème tant que cela dure.',
    ].join('\n'),
  }
}

/**
 * The nightly check: the valid pending invitations whose theme has no session with a free seat left before their last
 * day (an optional workshop's: none to come at all), grouped per organisation and theme, make one mail to the
 * organisation's contact address (none without one). `invitation_seat_alerts` holds one row per organisation, theme
 * and day (Paris), inserted in the transaction that queues the mail: a second run that day, or a run beside it, sends
 * nothing more. Returns how many mails were queued.
 */
export async function alertFullThemes(db: Db, now: Date): Promise<number> {
  const day = parisToday(now)
  return db.transaction(async (tx) => {
    // The invitations grouped by their last day first (end of a Paris day: a few per theme), so that the seats are
    // looked for once per group, not once per invitation.
    const { rows } = await tx.execute<{ organisation_id: string; theme: string; waiting: number; email: string }>(sql`
      with pending as (
        select organisation_id, theme, expires_at, count(*)::int as n from invitations
        where status = 'pending' and (expires_at is null or expires_at > ${now})
        group by organisation_id, theme, expires_at)
      select p.organisation_id, p.theme, sum(p.n)::int as waiting, min(o.contact_email) as email
      from pending p join organisations o on o.id = p.organisation_id
      where nullif(trim(o.contact_email), '') is not null
        and not exists (
          select 1 from workshops w
          where w.organisation_id = p.organisation_id and w.theme = p.theme and w.status = 'scheduled'
            and w.starts_at > ${now} and (p.expires_at is null or w.starts_at <= p.expires_at)
            and w.seats_taken < coalesce(w.capacity, 0))
      group by p.organisation_id, p.theme
      order by p.organisation_id, p.theme`)
    let sent = 0
    for (const row of rows) {
      const [fresh] = await tx
        .insert(invitationSeatAlerts)
        .values({ organisationId: row.organisation_id, theme: row.theme, day, createdAt: now })
        .onConflictDoNothing()
        .returning({ day: invitationSeatAlerts.day })
      if (!fresh) continue
      await queueMail(tx, {
        ...seatAlertMail(row.email.trim(), row.theme, row.waiting),
        kind: 'invitation.seatAlert',
        organisationId: row.organisation_id,
      })
      await writeAudit(tx, {
        actorId: null,
        organisationId: row.organisation_id,
        action: 'invitation.seatAlert',
        entityType: 'organisation',
        entityId: row.organisation_id,
        details: { theme: row.theme, day, invitations: row.waiting },
      })
      sent += 1
    }
    return sent
  })
}
