/**
 * The explicit body limits. Server actions: 1 MiB (next.config.mjs gives it to Next.js; proxy.ts answers
 * 413 before Next.js reads a longer body, which it would otherwise fail with a 500). The route handlers keep their own:
 * JSON routes lib/http/json-body.ts, imports lib/imports/read-upload.ts, the referral form 32 kB.
 */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024
