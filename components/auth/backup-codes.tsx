'use client'

import { useEffect, useMemo, useRef } from 'react'
import { useTranslations } from 'next-intl'
import { toast } from '@/components/ui/toast'
import { Button, buttonClass } from '@/components/ui/button'

/**
 * The authenticator app's backup codes, shown once right after the app is confirmed: each opens one sign-in
 * without the app. They can be copied or downloaded; the server never shows them again.
 */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations('auth')
  const heading = useRef<HTMLHeadingElement>(null)
  const text = useMemo(() => [t('backupCodesFileHeader'), '', ...codes, ''].join('\n'), [codes, t])
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, [text])
  // The panel replaces the form the user just sent: move the focus to it so that a screen reader reads it.
  useEffect(() => heading.current?.focus(), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast.success(t('backupCodesCopied'))
    } catch {
      toast.error(t('backupCodesCopyFailed'))
    }
  }

  return (
    <section
      aria-labelledby="backup-codes-title"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="backup-codes-title" ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
        {t('backupCodesTitle')}
      </h3>
      <p className="text-sm text-slate-800">{t('backupCodesIntro')}</p>
      <ul data-testid="backup-codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          {t('backupCodesCopy')}
        </Button>
        <a className={buttonClass('secondary')} href={href} download="passerelle-codes-de-secours.txt">
          {t('backupCodesDownload')}
        </a>
        <Button onClick={onDone}>{t('backupCodesDone')}</Button>
      </div>
    </section>
  )
}
