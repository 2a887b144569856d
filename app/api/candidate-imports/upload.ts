import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@/lib/imports/messages'

/**
 * Both steps of the candidates import (lib/frame/route.ts): an upload from the app's pages, by an organisation user
 * holding candidate.modify, decided before a byte of it (up to 10 Mo) is read.
 */
export const candidateUpload = {
  body: 'multipart',
  maxBytes: IMPORT_MAX_BYTES,
  permission: 'candidate.modify',
  tenant: 'organisation',
  messages: {
    forbidden: IMPORT_MESSAGES.forbidden,
    tooLarge: IMPORT_MESSAGES.tooLarge,
    noFile: IMPORT_MESSAGES.noFile,
  },
} as const
