import { writeAudit } from '@/lib/audit'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineRoute, download, refusal } from '@/lib/frame/route'
import { letterFileName, letterOf, renderInvitationLetter } from '@/lib/invitations/letter'

const NOT_FOUND = 'Ce courrier d’invitation est introuvable.'
const CLOSED = 'Cette invitation n’est plus en attente\u00a0: son courrier ne peut plus être imprimé.'

/**
 * GET: the letter of an invitation sent by letter (PDF), for its organisation's users who may invite
 * (workshops.modify). Each download is audited: the letter carries the code that opens the person's booking.
 */
export const GET = defineRoute({
  name: 'invitations.letter',
  permission: 'workshops.modify',
  tenant: 'organisation',
  hide: true,
  ids: ['id'],
  messages: {
    signedOut: 'Connectez-vous pour télécharger ce courrier.',
    notFound: NOT_FOUND,
    failed: 'Le courrier n’a pas pu être produit. Réessayez dans un instant.',
  },
  run: async ({ organisationId, user, params }) => {
    const db = getDb()
    const letter = await letterOf(db, organisationId, params.id!, now())
    if (!letter.ok) return letter.reason === 'closed' ? refusal(409, CLOSED) : refusal(404, NOT_FOUND)
    const pdf = await renderInvitationLetter(letter.data)
    await writeAudit(db, {
      actorId: user.id,
      organisationId,
      action: 'invitation.letterPrinted',
      entityType: 'candidate',
      entityId: letter.candidateId,
      details: { invitationId: params.id },
    })
    return download(new Uint8Array(pdf), { type: 'application/pdf', fileName: letterFileName(letter.data) })
  },
})
