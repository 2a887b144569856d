/**
 * The version of the terms of use (/terms-of-use). A user who accepted another version is asked again
 * (onboarding, before any page of the main layout). Change it with the text of the terms.
 */
export const TERMS_VERSION = '2026-11-25'
export const TERMS_VERSION_LABEL = 'version du 25 novembre 2026'

/** Whether a user must go through /onboarding first: never done, or the terms changed since. */
export const needsOnboarding = (user: { onboardedAt: Date | string | null; termsVersion: string | null }) =>
  !user.onboardedAt || user.termsVersion !== TERMS_VERSION
