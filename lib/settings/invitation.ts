import crypto from 'node:crypto'
import { generateRandomString } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { appUrl } from '@/lib/auth/app-url'
import type { DbOrTx } from '@/lib/db/client'
import { organisations, partnerStructures, users, verifications } from '@/lib/db/schema'
import type { Mail } from '@/lib/mail/mailer'
import { queueMail } from '@/lib/mail/queue-mail'
import { systemNow } from '@/lib/clock'

/** An invitation link sets the first password; it works once, for 72 hours (a reset link: 1 hour). */
export const INVITATION_HOURS = 72

/**
 * better-auth's reset-password token, written on `db` (the caller's transaction) rather than through better-auth, so
 * that the link exists exactly when the user (and its mail) does. Stored as better-auth stores it with
 * `verification: { storeIdentifier: 'hashed' }` — SHA-256, base64url — so the same /new-password form and password
 * rule consume it (tests/integration/settings-users proves better-auth accepts it).
 */
export async function createInvitationLink(db: DbOrTx, userId: string, now = systemNow().getTime()): Promise<string> {
  const token = generateRandomString(32)
  const identifier = crypto.createHash('sha256').update(`reset-password:${token}`).digest('base64url')
  const at = new Date(now)
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier,
    value: userId,
    expiresAt: new Date(now + INVITATION_HOURS * 60 * 60 * 1000),
    createdAt: at,
    updatedAt: at,
  })
  return `${appUrl()}/new-password?token=${encodeURIComponent(token)}`
}

export function invitationMail(to: string, url: string, inviterName: string): Mail {
  return {
    to,
    subject: 'Passerelle\u00a0: votre accès a été créé',
    text: [
      'Bonjour,',
      '',
      `Un administrateur de «\u00a0${inviterName}\u00a0» vous a créé un accès à Passerelle.`,
      'Pour choisir votre mot de passe, ouvrez ce lien\u00a0:',
      url,
      '',
      `Il est valable ${INVITATION_HOURS} heures et ne sert qu’une fois. Passé ce délai, utilisez «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion, ou demandez une nouvelle invitation à votre administrateur.`,
      'Votre mot de passe doit contenir au moins 12 caractères, dont 1 minuscule, 1 majuscule, 1 chiffre et 1 caractère spécial.',
      '',
      'Si vous ne vous attendiez pas à ce message, ignorez-le.',
      '',
      'Passerelle',
    ].join('\n'),
  }
}

/**
 * The invitation of a user (created or re-invited): its link and its mail, written on `db` — the transaction that
 * created the user, so that neither exists without the other. The worker sends the mail. Returns false for an unknown user.
 */
export async function queueInvitation(
  db: DbOrTx,
  userId: string,
  now = systemNow().getTime(),
  inviterName?: string,
): Promise<boolean> {
  const [row] = await db
    .select({
      email: users.email,
      organisationId: users.organisationId,
      structureId: users.structureId,
      organisation: organisations.name,
      structure: partnerStructures.name,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(partnerStructures, eq(partnerStructures.id, users.structureId))
    .where(eq(users.id, userId))
  if (!row) return false
  const url = await createInvitationLink(db, userId, now)
  await queueMail(db, {
    ...invitationMail(row.email, url, inviterName ?? row.organisation ?? row.structure ?? 'Passerelle'),
    kind: 'user-invitation',
    organisationId: row.organisationId,
    structureId: row.structureId,
  })
  return true
}
