import { confirmation, htmlPage } from '@/lib/referrals/public-pages'

/** /referral-form/confirmation: after a referral form is sent. Plain HTML. */
export function GET() {
  return htmlPage(200, 'Orientation envoyée', confirmation())
}
