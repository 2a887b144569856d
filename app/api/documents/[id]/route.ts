import { getDb } from '@/lib/db/client'
import { defineRoute, download, refusal } from '@/lib/frame/route'
import { readApplyDocument } from '@/lib/journal/apply-reads'

const NOT_FOUND = 'Ce document est introuvable.'

/**
 * Spec §7 "Download prescription document as PDF": 200 with the PDF, for the tenants of its apply only (organisation
 * users with candidate.visualize, the partner structure it went to), each download in the read journal.
 */
export const GET = defineRoute({
  name: 'documents.download',
  permission: null,
  tenant: 'any',
  ids: ['id'],
  messages: { signedOut: 'Connectez-vous pour télécharger ce document.', notFound: NOT_FOUND },
  run: async ({ user, params }) => {
    const doc = await readApplyDocument(getDb(), user, params.id!)
    if (!doc) return refusal(404, NOT_FOUND)
    return download(new Uint8Array(doc.content), { type: doc.mimeType, fileName: doc.name.replace(/[^\w.-]/g, '_') })
  },
})
