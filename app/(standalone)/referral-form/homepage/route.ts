import { homepage, htmlPage } from '@/lib/referrals/public-pages'

/** /referral-form/homepage: what the form is for, and that it opens from a personal link. Plain HTML. */
export function GET() {
  return htmlPage(200, 'Formulaire d’orientation', homepage())
}
