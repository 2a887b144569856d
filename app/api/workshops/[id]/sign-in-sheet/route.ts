import { getDb } from '@/lib/db/client'
import { defineRoute, download, refusal } from '@/lib/frame/route'
import { renderSignInSheet } from '@/lib/workshops/sign-in-sheet'

const NOT_FOUND = 'Cet atelier est introuvable.'

/** GET: the workshop's sign-in sheet (PDF), for its organisation's users holding workshops.visualize. */
export const GET = defineRoute({
  name: 'workshops.sign-in-sheet',
  permission: 'workshops.visualize',
  tenant: 'organisation',
  hide: true,
  ids: ['id'],
  messages: {
    signedOut: 'Connectez-vous pour télécharger ce document.',
    notFound: NOT_FOUND,
    failed: 'La feuille d’émargement n’a pas pu être produite. Réessayez dans un instant.',
  },
  run: async ({ organisationId, params }) => {
    const sheet = await renderSignInSheet(getDb(), organisationId, params.id!)
    if (!sheet) return refusal(404, NOT_FOUND)
    return download(new Uint8Array(sheet.pdf), { type: 'application/pdf', fileName: sheet.fileName })
  },
})
