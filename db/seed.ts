import { hashPassword } from 'better-auth/crypto'
import { sql } from 'drizzle-orm'
import type { FupBeneficiary, FupPartnerFeedback, FupPrescription } from '@/lib/db/schema'
import * as s from '@/lib/db/schema'
import type { Db } from '@/lib/db/client'
import { addElapsedDays } from '@/lib/dates'
import { renderFupPdf } from '@/lib/fup/render-fup-pdf'
import { seedDirectory } from './seed/directory'
import { seedWorkshops } from './seed/workshops'
import { seedInvitations } from './seed/invitations'
import { seedCourses } from './seed/courses'
import { seedAnswerLinks } from './seed/answer-links'
import { seedWaitlist } from './seed/waitlist'
import { seedReferrals } from './seed/referrals'
import { seedDiagnoses } from './seed/diagnoses'
import { TERMS_VERSION } from '@/lib/onboarding/terms'
import { seedMessaging } from './seed/messaging'
import { fullName } from '@/lib/person-name'

export const DEMO_PASSWORD = 'Passerelle-Demo-2026!'

/** Fixed ids, so that links, tests and the README can name the demo records. */
export const demoIds = {
  orgSeineMaritime: '10000000-0000-4000-8000-000000000001',
  orgLyon: '10000000-0000-4000-8000-000000000002',
  structureMobilite: '20000000-0000-4000-8000-000000000001',
  structureHabitat: '20000000-0000-4000-8000-000000000002',
  offerPermis: '30000000-0000-4000-8000-000000000001',
  offerScooter: '30000000-0000-4000-8000-000000000002',
  offerExpired: '30000000-0000-4000-8000-000000000003',
  offerPermanent: '30000000-0000-4000-8000-000000000004',
  offerHabitat: '30000000-0000-4000-8000-000000000005',
} as const

export const DEMO_ACCOUNTS = [
  { email: 'admin@passerelle.test', firstName: 'Alice', lastName: 'Martin', role: 'admin', org: 'orgSeineMaritime' },
  {
    email: 'referent@passerelle.test',
    firstName: 'Romain',
    lastName: 'Leroy',
    role: 'referent',
    org: 'orgSeineMaritime',
  },
  {
    email: 'partenaire@passerelle.test',
    firstName: 'Paula',
    lastName: 'Moreau',
    role: 'fullPartner',
    structure: 'structureMobilite',
    // One mail per prescription: the prescription loop's walkthrough (and its tests) follow the mail's deep link.
    prescriptionMails: 'perPrescription',
  },
  {
    email: 'conseiller@passerelle.test',
    firstName: 'Cédric',
    lastName: 'Fontaine',
    role: 'counsellor',
    org: 'orgSeineMaritime',
  },
  // Other tenants, for isolation: a referent of another organisation, a partner of another structure.
  { email: 'referent.lyon@passerelle.test', firstName: 'Laura', lastName: 'Bernard', role: 'referent', org: 'orgLyon' },
  {
    email: 'partenaire.habitat@passerelle.test',
    firstName: 'Hugo',
    lastName: 'Petit',
    role: 'fullPartner',
    structure: 'structureHabitat',
    // The default: Habitat Relais' prescriptions in one digest at 8:00 on working days (lib/prescriptions/digest.ts).
    prescriptionMails: 'daily',
  },
] as const

/** The demo applies have fixed ids too, in the order of the plan in seedDemo (1 = Élodie Durand's pending prescription). */
export const demoApplyId = (index: number) => `40000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`

const userId = (email: string) => `demo-${email.split('@')[0]!.replace('.', '-')}`

const places = ['Rouen', 'Le Havre', 'Dieppe', 'Elbeuf', 'Fécamp']
const statuses = [
  { value: 'new', label: 'Nouveau' },
  { value: 'inProgress', label: 'En accompagnement' },
  { value: 'waiting', label: 'En attente' },
  { value: 'out', label: 'Sorti du dispositif' },
]
const people: [string, string, 'F' | 'M', string][] = [
  ['Élodie', 'Durand', 'F', '1988-04-12'],
  ['Karim', 'Benali', 'M', '1979-11-03'],
  ['Sophie', 'Lefèvre', 'F', '1992-07-25'],
  ['Mamadou', 'Diallo', 'M', '1985-02-14'],
  ['Chloé', 'Girard', 'F', '1996-09-30'],
  ['Thomas', 'Roux', 'M', '1990-01-08'],
  ['Nadia', 'Haddad', 'F', '1983-06-19'],
  ['Julien', 'Morel', 'M', '1975-12-22'],
  ['Inès', 'Fournier', 'F', '1999-03-05'],
  ['Lucas', 'Mercier', 'M', '1994-10-17'],
  ['Fatou', 'Camara', 'F', '1987-08-09'],
  ['Antoine', 'Blanc', 'M', '1981-05-28'],
]

/** The deterministic demo data set: the embedded default's content and the e2e tests' fixture. Runs in one transaction. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)

  await db.transaction(async (tx) => {
    await tx.insert(s.organisations).values([
      {
        id: demoIds.orgSeineMaritime,
        name: 'Département de Seine-Maritime',
        contactEmail: 'insertion@seinemaritime.test',
        contactPhone: '02 35 03 55 55',
      },
      { id: demoIds.orgLyon, name: 'Métropole de Lyon' },
    ])
    await tx.insert(s.partnerStructures).values([
      {
        id: demoIds.structureMobilite,
        organisationId: demoIds.orgSeineMaritime,
        name: 'Mobilité Solidaire',
        siret: '41234567800012',
        addressFormatted: '12 rue du Gros-Horloge, 76000 Rouen',
        phone: '0235000001',
        email: 'contact@mobilite-solidaire.test',
        website: 'https://mobilite-solidaire.test',
        presentation:
          'Association d’insertion par la mobilité : permis solidaire, location de deux-roues, garage solidaire.',
      },
      {
        id: demoIds.structureHabitat,
        organisationId: demoIds.orgSeineMaritime,
        name: 'Habitat Relais',
        siret: '42345678900019',
        addressFormatted: '4 quai de Southampton, 76600 Le Havre',
        phone: '0235000002',
        email: 'contact@habitat-relais.test',
        presentation: 'Logement temporaire et accompagnement vers le logement durable.',
      },
    ])
    // The structures each organisation works with.
    await tx.insert(s.organisationPartnerStructures).values([
      { organisationId: demoIds.orgSeineMaritime, structureId: demoIds.structureMobilite },
      { organisationId: demoIds.orgSeineMaritime, structureId: demoIds.structureHabitat },
    ])
    for (const a of DEMO_ACCOUNTS) {
      const id = userId(a.email)
      await tx.insert(s.users).values({
        id,
        email: a.email,
        name: fullName(a),
        emailVerified: true,
        firstName: a.firstName,
        lastName: a.lastName,
        phone: '0601020304',
        role: a.role,
        organisationId: 'org' in a ? demoIds[a.org] : null,
        structureId: 'structure' in a ? demoIds[a.structure] : null,
        // Each demo partner runs their structure (lib/partners/running.ts).
        structureAdmin: a.role === 'fullPartner',
        ...('prescriptionMails' in a ? { prescriptionMails: a.prescriptionMails } : {}),
        // The demo accounts have been through onboarding.
        onboardedAt: new Date('2026-09-01T08:00:00Z'),
        termsVersion: TERMS_VERSION,
        termsAcceptedAt: new Date('2026-09-01T08:00:00Z'),
      })
      await tx
        .insert(s.accounts)
        .values({ id: `${id}-credential`, accountId: id, providerId: 'credential', userId: id, password: passwordHash })
    }

    // Seine-Maritime works with Habitat Relais without running it: it asked for a second partner account there, which
    // Habitat Relais' administrator (partenaire.habitat@) accepts or refuses on the structure's page.
    await tx.insert(s.structureAccountRequests).values({
      structureId: demoIds.structureHabitat,
      organisationId: demoIds.orgSeineMaritime,
      requestedById: userId('admin@passerelle.test'),
      email: 'accueil@habitat-relais.test',
      firstName: 'Bruno',
      lastName: 'Lambert',
      createdAt: new Date('2026-11-20T09:00:00Z'),
    })

    const placeRows = await tx
      .insert(s.places)
      .values([
        ...places.map((label) => ({ organisationId: demoIds.orgSeineMaritime, label })),
        { organisationId: demoIds.orgLyon, label: 'Villeurbanne' },
      ])
      .returning()
    const statusRows = await tx
      .insert(s.candidateStatuses)
      .values([
        ...statuses.map((st, position) => ({ organisationId: demoIds.orgSeineMaritime, ...st, position })),
        { organisationId: demoIds.orgLyon, value: 'inProgress', label: 'En accompagnement', position: 0 },
      ])
      .returning()
    await tx.insert(s.customFieldDefinitions).values([
      { organisationId: demoIds.orgSeineMaritime, key: 'drivingLicence', label: 'Permis B', type: 'bool', position: 0 },
      {
        organisationId: demoIds.orgSeineMaritime,
        key: 'mobility',
        label: 'Moyens de déplacement',
        type: 'listMultiple',
        position: 1,
        options: [
          { value: 'bus', label: 'Transports en commun' },
          { value: 'bike', label: 'Vélo' },
          { value: 'car', label: 'Voiture' },
        ],
      },
      // A list, a number and a date field; the French level is required (the create form's required-field message).
      {
        organisationId: demoIds.orgSeineMaritime,
        key: 'frenchLevel',
        label: 'Niveau de français',
        type: 'list',
        position: 2,
        required: true,
        options: [
          { value: 'a1', label: 'A1 - Débutant' },
          { value: 'b1', label: 'B1 - Intermédiaire' },
          { value: 'c1', label: 'C1 - Avancé' },
        ],
      },
      {
        organisationId: demoIds.orgSeineMaritime,
        key: 'children',
        label: 'Enfants à charge',
        type: 'number',
        position: 3,
      },
      {
        organisationId: demoIds.orgSeineMaritime,
        key: 'rsaStartDate',
        label: 'Entrée dans le RSA',
        type: 'date',
        position: 4,
      },
    ])
    await tx.insert(s.settingsListEntries).values([
      { kind: 'financingMode', value: 'fse', label: 'FSE+' },
      { kind: 'financingMode', value: 'departement', label: 'Département' },
      { kind: 'financingMode', value: 'etat', label: 'État' },
      { kind: 'statusSocialTag', value: 'rsa', label: 'Bénéficiaire du RSA' },
      { kind: 'statusSocialTag', value: 'youth', label: 'Moins de 26 ans' },
      { kind: 'statusSocialTag', value: 'qpv', label: 'Résident QPV' },
    ])
    // The challenges ("freins") are the product's defaults, written by the migration drizzle/0023 (data·inclusion thématiques).
    await tx.insert(s.ampListEntries).values([
      { kind: 'social', name: 'Mobilité', key: 'mobility' },
      { kind: 'social', name: 'Logement', key: 'housing' },
      { kind: 'social', name: 'Santé', key: 'health' },
    ])

    const mobilite = {
      structureId: demoIds.structureMobilite,
      providerName: 'Mobilité Solidaire',
      providerWebsite: 'https://mobilite-solidaire.test',
      source: 'passerelle',
    }
    await tx.insert(s.socialOffers).values([
      {
        id: demoIds.offerPermis,
        offerId: 'permis-solidaire',
        name: 'Permis de conduire solidaire',
        ...mobilite,
        financingModes: ['fse', 'departement'],
        tags: ['mobilite', 'permis'],
        serviceStartDate: '2026-01-05',
        serviceEndDate: '2028-12-31',
        addressFormatted: '12 rue du Gros-Horloge, 76000 Rouen',
        contactName: 'Paula Moreau',
        contactPhone: '0235000001',
        contactMail: 'permis@mobilite-solidaire.test',
        contactComment: 'Permanence le mardi matin.',
        description:
          '<p>Un accompagnement vers le <strong>permis B</strong> pour les personnes dont l’absence de permis freine le retour à l’emploi.</p><ul><li>Code et conduite à tarif solidaire</li><li>Suivi individuel par un moniteur</li><li>Aide au financement</li></ul>',
      },
      {
        id: demoIds.offerScooter,
        offerId: 'scooter-1-euro',
        name: 'Location de scooters à 1 €',
        ...mobilite,
        financingModes: ['departement'],
        tags: ['mobilite'],
        serviceStartDate: '2026-03-01',
        serviceEndDate: '2028-06-30',
        description:
          '<p>Un scooter pour un euro par jour pendant les trois premiers mois d’un emploi ou d’une formation.</p>',
      },
      {
        id: demoIds.offerExpired,
        offerId: 'atelier-velo-2025',
        name: 'Atelier vélo 2025',
        ...mobilite,
        financingModes: ['etat'],
        tags: ['mobilite'],
        serviceStartDate: '2025-03-01',
        serviceEndDate: '2025-06-30',
        description: '<p>Ateliers d’apprentissage du vélo.</p>',
      },
      {
        id: demoIds.offerPermanent,
        offerId: 'garage-solidaire',
        name: 'Garage solidaire',
        ...mobilite,
        financingModes: [],
        tags: ['mobilite'],
        description: '<p>Réparations à prix coûtant.</p>',
      },
      {
        id: demoIds.offerHabitat,
        offerId: 'logement-jeunes-actifs',
        name: 'Logement temporaire jeunes actifs',
        structureId: demoIds.structureHabitat,
        providerName: 'Habitat Relais',
        source: 'passerelle',
        financingModes: ['etat'],
        tags: ['logement'],
        serviceStartDate: '2026-01-01',
        serviceEndDate: null,
        description: '<p>Studios meublés pour six mois renouvelables.</p>',
      },
    ])

    // A FUP model: Habitat Relais asks two more things on its sheets, and offers the Région's logo.
    await tx.insert(s.fupModels).values({
      organisationId: demoIds.orgSeineMaritime,
      structureId: demoIds.structureHabitat,
      name: 'Fiche logement Habitat Relais',
      additionalFields: [
        {
          key: 'composition-du-foyer',
          label: 'Composition du foyer',
          type: 'list',
          required: false,
          options: [
            { value: 'personne-seule', label: 'Personne seule' },
            { value: 'couple', label: 'Couple' },
            { value: 'famille-monoparentale', label: 'Famille monoparentale' },
            { value: 'couple-avec-enfants', label: 'Couple avec enfants' },
          ],
        },
        {
          key: 'ressources-mensuelles',
          label: 'Ressources mensuelles (€)',
          type: 'number',
          required: false,
          options: [],
        },
      ],
      sponsorsLogo: [
        { label: 'Région Normandie', value: 'region-normandie', uri: '/logos/region-normandie.svg', required: false },
      ],
    })

    const placeOf = (i: number) => placeRows[i % places.length]!.id
    const statusOf = (i: number) => statusRows[i % statuses.length]!.id
    const candidateRows = await tx
      .insert(s.candidates)
      .values([
        ...people.map(([firstName, lastName, gender, birthDate], i) => ({
          organisationId: demoIds.orgSeineMaritime,
          firstName,
          lastName,
          gender,
          birthDate,
          phone: `06${String(12345670 + i).padStart(8, '0')}`,
          email: `${firstName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.${lastName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@exemple.test`,
          addressFormatted: `${10 + i} rue de la République, 76000 ${places[i % places.length]}`,
          addressIsQpv: i % 3 === 0,
          placeId: placeOf(i),
          statusId: statusOf(i),
          referentId: userId('referent@passerelle.test'),
          customFields: { drivingLicence: false, frenchLevel: 'b1' },
        })),
        {
          organisationId: demoIds.orgLyon,
          firstName: 'Léa',
          lastName: 'Rousseau',
          gender: 'F' as const,
          birthDate: '1991-02-02',
          placeId: placeRows[places.length]!.id,
          statusId: statusRows[statuses.length]!.id,
          referentId: userId('referent.lyon@passerelle.test'),
        },
      ])
      .returning()

    const referent = {
      rsaReferentName: 'Romain Leroy',
      email: 'referent@passerelle.test',
      phone: '0601020304',
      structure: 'Département de Seine-Maritime',
      address: 'Quai Jean Moulin, 76100 Rouen',
    }
    type Plan = {
      candidate: number
      offer: string
      structure: string
      state: 'PRESCRIPTION_FILLED' | 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE'
      manual?: boolean
      cause?: string
      day: number
    }
    const plans: Plan[] = [
      {
        candidate: 0,
        offer: demoIds.offerPermis,
        structure: demoIds.structureMobilite,
        state: 'PRESCRIPTION_FILLED',
        day: 2,
      },
      {
        candidate: 1,
        offer: demoIds.offerPermis,
        structure: demoIds.structureMobilite,
        state: 'PRESCRIPTION_FILLED',
        day: 4,
      },
      {
        candidate: 2,
        offer: demoIds.offerPermis,
        structure: demoIds.structureMobilite,
        state: 'PRESCRIPTION_FILLED',
        day: 6,
      },
      {
        candidate: 3,
        offer: demoIds.offerPermis,
        structure: demoIds.structureMobilite,
        state: 'PRESCRIPTION_FILLED',
        manual: true,
        day: 8,
      },
      {
        candidate: 4,
        offer: demoIds.offerPermis,
        structure: demoIds.structureMobilite,
        state: 'INTEGRATED_CANDIDATE',
        day: 10,
      },
      {
        candidate: 5,
        offer: demoIds.offerPermis,
        structure: demoIds.structureMobilite,
        state: 'INTEGRATED_CANDIDATE',
        day: 12,
      },
      {
        candidate: 6,
        offer: demoIds.offerPermis,
        structure: demoIds.structureMobilite,
        state: 'REFUSED_STRUCTURE',
        cause: 'outsideTerritory',
        day: 14,
      },
      {
        candidate: 7,
        offer: demoIds.offerPermis,
        structure: demoIds.structureMobilite,
        state: 'REFUSED_STRUCTURE',
        cause: 'noAnswerToConvocations',
        day: 16,
      },
      {
        candidate: 8,
        offer: demoIds.offerHabitat,
        structure: demoIds.structureHabitat,
        state: 'PRESCRIPTION_FILLED',
        day: 3,
      },
      {
        candidate: 9,
        offer: demoIds.offerHabitat,
        structure: demoIds.structureHabitat,
        state: 'PRESCRIPTION_FILLED',
        day: 5,
      },
      {
        candidate: 4,
        offer: demoIds.offerHabitat,
        structure: demoIds.structureHabitat,
        state: 'INTEGRATED_CANDIDATE',
        day: 20,
      },
    ]
    const offerNames: Record<string, string> = {
      [demoIds.offerPermis]: 'Permis de conduire solidaire',
      [demoIds.offerHabitat]: 'Logement temporaire jeunes actifs',
    }
    for (const [index, plan] of plans.entries()) {
      const c = candidateRows[plan.candidate]!
      const prescriptionDate = new Date(Date.UTC(2026, 9, plan.day, 9, 30))
      const beneficiary: FupBeneficiary = {
        gender: c.gender,
        birthDate: c.birthDate,
        address: c.addressFormatted ? { formatted: c.addressFormatted, isQPV: c.addressIsQpv } : null,
        phone: c.phone,
        email: c.email,
        socialSecurityNumber: null,
        cafNumber: null,
        poleEmploiNumber: null,
        additionalFields: [],
      }
      const prescription: FupPrescription = {
        ...referent,
        goal: 'Lever le frein de la mobilité pour accéder à un emploi.',
        validatePrescription: true,
        approveDemand: true,
        prescriptionDate: prescriptionDate.toISOString(),
      }
      let documentId: string | null = null
      if (!plan.manual) {
        const pdf = await renderFupPdf({
          name: 'Fiche de prescription',
          offerName: offerNames[plan.offer]!,
          candidateName: fullName(c),
          beneficiary,
          prescription,
        })
        const [doc] = await tx
          .insert(s.documents)
          .values({ name: 'Fiche.pdf', mimeType: 'application/pdf', content: pdf })
          .returning({ id: s.documents.id })
        documentId = doc!.id
      }
      const answered = plan.state !== 'PRESCRIPTION_FILLED'
      const responseDate = answered ? addElapsedDays(prescriptionDate, 3) : null
      const [apply] = await tx
        .insert(s.socialApplies)
        .values({
          id: demoApplyId(index),
          organisationId: c.organisationId,
          structureId: plan.structure,
          socialOfferId: plan.offer,
          candidateId: c.id,
          state: plan.state,
          prescriptionDocumentId: documentId,
          prescriptionDate,
          responseDate,
          firstReceptionDate: plan.state === 'INTEGRATED_CANDIDATE' ? '2026-10-28' : null,
          assessmentDate: plan.state === 'INTEGRATED_CANDIDATE' ? '2027-01-15' : null,
          cause: plan.cause ?? null,
          authorId: userId('referent@passerelle.test'),
          accompaniement: plan.structure === demoIds.structureMobilite ? 'Mobilité Solidaire' : 'Habitat Relais',
        })
        .returning({ id: s.socialApplies.id })
      if (plan.manual) continue
      const partnerFeedback: FupPartnerFeedback | null = answered
        ? {
            accompanierName: 'Paula Moreau',
            name: 'Mobilité Solidaire',
            email: 'permis@mobilite-solidaire.test',
            phone: '0235000001',
            address: '12 rue du Gros-Horloge, 76000 Rouen',
            decision: {
              partnerDecision: plan.state === 'INTEGRATED_CANDIDATE' ? 'integrated' : 'notIntegrated',
              cause: plan.cause ?? null,
              firstReceptionDate: plan.state === 'INTEGRATED_CANDIDATE' ? '2026-10-28' : null,
              assessmentDate: plan.state === 'INTEGRATED_CANDIDATE' ? '2027-01-15' : null,
              firstConvocation:
                plan.cause === 'noAnswerToConvocations' ? { date: '2026-10-20', reason: 'unexcusedAbsence' } : null,
              secondConvocation:
                plan.cause === 'noAnswerToConvocations' ? { date: '2026-10-27', reason: 'unexcusedAbsence' } : null,
              thirdConvocation:
                plan.cause === 'noAnswerToConvocations' ? { date: '2026-11-03', reason: 'excusedAbsence' } : null,
            },
          }
        : null
      await tx.insert(s.fups).values({
        socialApplyId: apply!.id,
        name: 'Fiche de prescription',
        beneficiary,
        prescription,
        partnerFeedback,
        sponsorsLogo: [],
      })
    }
    await seedDirectory(tx, {
      organisationId: demoIds.orgSeineMaritime,
      lyonId: demoIds.orgLyon,
      places: placeRows,
      candidates: candidateRows,
      counsellorId: userId('conseiller@passerelle.test'),
    })
    await seedWorkshops(tx, {
      organisationId: demoIds.orgSeineMaritime,
      counsellorId: userId('conseiller@passerelle.test'),
      referentId: userId('referent@passerelle.test'),
      candidates: candidateRows,
    })
    await seedInvitations(tx, {
      organisationId: demoIds.orgSeineMaritime,
      counsellorId: userId('conseiller@passerelle.test'),
      candidates: candidateRows,
      now: new Date(),
    })
    await seedCourses(tx, {
      organisationId: demoIds.orgSeineMaritime,
      referentId: userId('referent@passerelle.test'),
      candidates: candidateRows,
    })
    await seedReferrals(tx, {
      organisationId: demoIds.orgSeineMaritime,
      adminId: userId('admin@passerelle.test'),
      placeId: placeRows.find((p) => p.label === 'Dieppe')!.id,
    })
    await seedAnswerLinks(tx, {
      organisationId: demoIds.orgSeineMaritime,
      referentId: userId('referent@passerelle.test'),
      prescription: referent,
      candidate: candidateRows[5]!,
      now: new Date(),
    })
    await seedWaitlist(tx, {
      structureId: demoIds.structureMobilite,
      referentId: userId('referent@passerelle.test'),
      prescription: referent,
      candidate: candidateRows[10]!,
    })
    await seedDiagnoses(tx, {
      organisationId: demoIds.orgSeineMaritime,
      counsellorId: userId('conseiller@passerelle.test'),
      candidateId: candidateRows.filter((c) => c.organisationId === demoIds.orgSeineMaritime)[9]!.id,
    })
    await seedMessaging(tx, {
      organisationId: demoIds.orgSeineMaritime,
      referentId: userId('referent@passerelle.test'),
      counsellorId: userId('conseiller@passerelle.test'),
      candidates: candidateRows,
    })
  })
}

/** Seeds the demo data set only into an empty database. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from organisations`)
  if ((rows[0]?.n ?? 0) > 0) return false
  await seedDemo(db)
  return true
}
