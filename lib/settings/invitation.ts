import { generateRandomString } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import type { Auth } from '@/lib/auth/auth'
import type { DbOrTx } from '@/lib/db/client'
import { organisations, users } from '@/lib/db/schema'
import { sendMailQuietly, type Mail } from '@/lib/mail/mailer'

/** An invitation link sets the first password; it works once, for 72 hours (a reset link: 1 hour). */
export const INVITATION_HOURS = 72

/**
 * A single-use link to /new-password for this user: the reset-password token of better-auth (stored hashed,
 * consumed by the same form and the same password rule), with a longer life.
 */
export async function createInvitationLink(auth: Auth, userId: string, now = Date.now()): Promise<string> {
  const context = await auth.$context
  const token = generateRandomString(32)
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(now + INVITATION_HOURS * 60 * 60 * 1000),
  })
  return `${String(auth.options.baseURL)}/new-password?token=${encodeURIComponent(token)}`
}

export function invitationMail(to: string, url: string, organisationName: string): Mail {
  return {
    to,
    subject: 'Passerelle\u00a0: votre accès a été créé',
    text: [
      'Bonjour,',
      '',
      `Un administrateur de «\u00a0${organisationName}\u00a0» vous a créé un accès à Passerelle.`,
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

/** After the commit that created (or re-invited) the user: the link and the mail. A failed mail never fails the action. */
export async function sendInvitation(auth: Auth, db: DbOrTx, userId: string): Promise<void> {
  const [row] = await db
    .select({ email: users.email, organisation: organisations.name })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
  if (!row) return
  await sendMailQuietly(invitationMail(row.email, await createInvitationLink(auth, userId), row.organisation), 'user-invitation')
}
