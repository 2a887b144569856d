import { Toaster } from '@/components/ui/toaster'

/** The person's invitation pages (/i, /i/<CODE>): signed out, in the standalone frame, with notifications. */
export default function InvitationLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  )
}
