import type { DbOrTx } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { now as clockNow } from '@/lib/clock'
import { referralTokenHash, referralTokenHint } from '@/lib/referrals/token'

/** The demo referral link's token (fixed, so that the README and the tests can open its form; a real one is random). */
export const DEMO_REFERRAL_TOKEN = 'demoCcasDieppe_lienOrientation26'

/**
 * The demo: a referral link given to the CCAS de Dieppe, and two orientations received through it, both
 * pending: one of 10 November (late), one of yesterday, so that the actions dashboard and the orientation page show them.
 */
export async function seedReferrals(tx: DbOrTx, ctx: { organisationId: string; adminId: string; placeId: string }) {
  const [link] = await tx
    .insert(s.referralLinks)
    .values({
      organisationId: ctx.organisationId,
      tokenHash: referralTokenHash(DEMO_REFERRAL_TOKEN),
      tokenHint: referralTokenHint(DEMO_REFERRAL_TOKEN),
      label: 'CCAS de Dieppe',
      notifyEmail: 'admin@passerelle.test',
      createdById: ctx.adminId,
      createdAt: new Date('2026-09-01T08:00:00Z'),
    })
    .returning({ id: s.referralLinks.id })
  await tx.insert(s.referralLinks).values({
    organisationId: ctx.organisationId,
    tokenHash: referralTokenHash('demoMissionLocale_lienDesactive1'),
    tokenHint: referralTokenHint('demoMissionLocale_lienDesactive1'),
    label: 'Mission locale de Rouen (ancien lien)',
    notifyEmail: 'admin@passerelle.test',
    createdById: ctx.adminId,
    createdAt: new Date('2026-03-01T08:00:00Z'),
    disabledAt: new Date('2026-09-01T08:00:00Z'),
  })
  const prescriber = {
    prescriberName: 'Nadia Benali',
    prescriberStructure: 'CCAS de Dieppe',
    prescriberEmail: 'n.benali@ccas-dieppe.test',
    prescriberPhone: '0235840000',
  }
  const yesterday = new Date(clockNow().getTime() - 24 * 3600_000)
  await tx.insert(s.orientations).values([
    {
      organisationId: ctx.organisationId,
      linkId: link!.id,
      ...prescriber,
      firstName: 'Yanis',
      lastName: 'Mercier',
      birthDate: '1994-02-17',
      phone: '0611223344',
      email: 'yanis.mercier@exemple.test',
      addressFormatted: '8 rue de la Barre, 76200 Dieppe',
      placeId: ctx.placeId,
      needs: ['Mobilité', 'Numérique'],
      situation: 'Sans permis, cherche un emploi dans la logistique. Pas d’ordinateur à la maison.',
      consentAt: new Date('2026-11-10T09:30:00Z'),
      createdAt: new Date('2026-11-10T09:30:00Z'),
    },
    {
      organisationId: ctx.organisationId,
      linkId: link!.id,
      ...prescriber,
      firstName: 'Inès',
      lastName: 'Lambert',
      birthDate: '2001-07-03',
      phone: '0622334455',
      email: null,
      addressFormatted: null,
      placeId: ctx.placeId,
      needs: ['Logement et hébergement', 'Se former'],
      situation: 'Hébergée chez un tiers depuis septembre. Souhaite reprendre une formation d’aide-soignante.',
      consentAt: yesterday,
      createdAt: yesterday,
    },
  ])
}
