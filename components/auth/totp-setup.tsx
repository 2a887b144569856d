'use client'

import { useActionState, useState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { confirmTotpSetupAction, startTotpSetupAction, type TotpSetupState } from '@/lib/auth/two-factor-actions'
import { BackupCodes } from './backup-codes'
import { FormAlert } from './form-alert'

/**
 * Signed in, on /double-auth: sets up an authenticator app (secret shown as a QR code and as text, then a first
 * code), then shows its backup codes once. `active`: an app is already confirmed.
 */
export function TotpSetup({ needsPassword, active }: { needsPassword: boolean; active: boolean }) {
  const t = useTranslations('auth')
  const [started, start, starting] = useActionState<TotpSetupState, FormData>(startTotpSetupAction, {})
  const [confirmed, confirm, confirming] = useActionState<TotpSetupState, FormData>(confirmTotpSetupAction, {})
  const [codesSaved, setCodesSaved] = useState(false)
  if (confirmed.activated) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">{t('totpActivated')}</FormAlert>
        {!codesSaved && started.backupCodes?.length ? (
          <BackupCodes codes={started.backupCodes} onDone={() => setCodesSaved(true)} />
        ) : null}
      </div>
    )
  }
  if (active || started.done) return <FormAlert tone="success">{t('totpActive')}</FormAlert>
  if (!started.secret) {
    return (
      <form action={start} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-slate-600">{t('totpSetupIntro')}</p>
        {started.error && <FormAlert tone="error">{started.error}</FormAlert>}
        {needsPassword && (
          <Field
            label={t('passwordToConfirm')}
            name="password"
            type="password"
            autoComplete="current-password"
            error={started.fieldError}
            required
          />
        )}
        <Button type="submit" variant="secondary" disabled={starting}>
          {t('totpStart')}
        </Button>
      </form>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('totpScan')}</p>
      {started.qrSvg && (
        <div
          role="img"
          aria-label={t('totpQrAlt')}
          className="self-center"
          dangerouslySetInnerHTML={{ __html: started.qrSvg }}
        />
      )}
      <div className="text-sm">
        <p className="font-medium text-slate-800">{t('totpSecret')}</p>
        <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-2 py-1 font-mono">
          {started.secret}
        </code>
      </div>
      <form action={confirm} className="flex flex-col gap-4" noValidate>
        {confirmed.error && <FormAlert tone="error">{confirmed.error}</FormAlert>}
        <Field
          label={t('totpLabel')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={confirmed.fieldError}
          required
        />
        <Button type="submit" disabled={confirming}>
          {t('totpConfirm')}
        </Button>
      </form>
    </div>
  )
}
