import { redirect } from 'next/navigation'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { CurrentUser } from '@/lib/auth/session'
import { DB_UNAVAILABLE_DIGEST, UNAVAILABLE_MESSAGE } from '@/lib/unavailable'
// zod's own messages in French, as instrumentation.ts sets them at the server's start.
import '@/lib/zod-locale'

vi.mock('server-only', () => ({}))
/** Who is signed in, as the session would say (the gate itself, ./actor.ts, and the permissions are the real ones). */
const session = vi.hoisted(() => ({ user: null as CurrentUser | null }))
vi.mock('@/lib/auth/session', () => ({ getCurrentUser: async () => session.user }))

const { defineAction, field, form, FORM, id } = await import('./action')
const { CHECK_FIELDS, FAILED, FORBIDDEN, NOT_FOUND, SIGNED_OUT } = await import('./outcome')

const ID = '7b1f3c2a-9d4e-4f6a-8b2c-1d3e5f7a9b0c'
const counsellor: CurrentUser = {
  id: 'u-1',
  email: 'conseiller@passerelle.test',
  firstName: 'Camille',
  lastName: 'Conseil',
  role: 'counsellor',
  permissions: null,
  rolePermissions: null,
  organisationId: 'o-1',
  answerReminderDays: 10,
  structureId: null,
  onboarded: true,
}
const partner: CurrentUser = {
  ...counsellor,
  id: 'u-2',
  role: 'fullPartner',
  organisationId: null,
  answerReminderDays: null,
  structureId: 's-1',
}

const rename = vi.fn(async (context: { organisationId: string; input: [string, { name: string }] }) => ({
  ok: true as const,
  organisationId: context.organisationId,
  id: context.input[0],
  name: context.input[1].name,
}))
const renameAction = defineAction({
  name: 'test.rename',
  permission: 'workshops.modify',
  tenant: 'organisation',
  input: z.tuple([id('Cet atelier est introuvable.'), z.object({ name: z.string().min(2, 'Le nom est trop court.') })]),
  run: rename,
})

let logged: string[] = []
beforeEach(() => {
  session.user = counsellor
  logged = []
  vi.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(line))
})
afterEach(() => {
  vi.restoreAllMocks()
  rename.mockClear()
})

describe('defineAction: who may act', () => {
  it('runs for a user holding the permission, with their organisation as the tenant', async () => {
    expect(await renameAction(ID, { name: 'Atelier CV' })).toEqual({
      ok: true,
      organisationId: 'o-1',
      id: ID,
      name: 'Atelier CV',
    })
  })

  it('refuses a user without the permission, and runs nothing', async () => {
    session.user = { ...counsellor, permissions: ['candidate.visualize'] }
    expect(await renameAction(ID, { name: 'Atelier CV' })).toEqual(FORBIDDEN)
    expect(rename).not.toHaveBeenCalled()
  })

  it('refuses a user who has not been through onboarding, unless the action is made for them', async () => {
    session.user = { ...counsellor, onboarded: false }
    expect(await renameAction(ID, { name: 'Atelier CV' })).toEqual(FORBIDDEN)
    const onboarding = defineAction({
      name: 'test.onboarding',
      session: 'signed-in',
      permission: null,
      tenant: 'any',
      run: async ({ user }) => ({ ok: true as const, id: user.id }),
    })
    expect(await onboarding()).toEqual({ ok: true, id: 'u-1' })
  })

  it('tells a signed-out visitor that the session expired, or sends them to the login page', async () => {
    session.user = null
    expect(await renameAction(ID, { name: 'Atelier CV' })).toEqual(SIGNED_OUT)
    const page = defineAction({
      name: 'test.page',
      permission: null,
      tenant: 'any',
      signedOut: '/v2/login',
      run: async () => ({ ok: true as const }),
    })
    await expect(page()).rejects.toThrow('NEXT_REDIRECT')
  })

  it("refuses another tenant's user in the domain's own words", async () => {
    session.user = { ...partner, permissions: ['workshops.modify'] }
    const worded = defineAction({
      name: 'test.worded',
      permission: null,
      tenant: 'organisation',
      forbidden: 'Vous ne pouvez pas prescrire.',
      run: async () => ({ ok: true as const }),
    })
    expect(await renameAction(ID, { name: 'Atelier CV' })).toEqual(FORBIDDEN)
    expect(await worded()).toEqual({ ok: false, error: 'Vous ne pouvez pas prescrire.' })
  })

  it("gives a partner's action the partner's structure", async () => {
    session.user = partner
    const action = defineAction({
      name: 'test.partner',
      permission: 'partner.fup.complete',
      tenant: 'structure',
      run: async ({ structureId }) => ({ ok: true as const, structureId }),
    })
    expect(await action()).toEqual({ ok: true, structureId: 's-1' })
  })

  it('runs a pre-sign-in action without reading the session', async () => {
    session.user = null
    const action = defineAction({ name: 'test.public', session: 'none', run: async () => ({ ok: true as const }) })
    expect(await action()).toEqual({ ok: true })
  })
})

describe('defineAction: arguments', () => {
  it('answers "not found", in the domain\'s words, to an id that is not a uuid', async () => {
    for (const bad of ['42', ['not-an-id'], [ID], null, undefined, { id: ID }])
      expect(await renameAction(bad as string, { name: 'Atelier CV' })).toEqual({
        ok: false,
        notFound: true,
        error: 'Cet atelier est introuvable.',
      })
    expect(rename).not.toHaveBeenCalled()
    const plain = defineAction({
      name: 'test.plain',
      permission: null,
      tenant: 'any',
      input: z.tuple([id()]),
      run: async () => ({ ok: true as const }),
    })
    expect(await plain('x')).toEqual(NOT_FOUND)
  })

  it('answers French field errors, by field, for a wrong input', async () => {
    expect(await renameAction(ID, { name: 'A' })).toEqual({
      ok: false,
      error: CHECK_FIELDS,
      fieldErrors: { name: 'Le nom est trop court.' },
    })
    expect(rename).not.toHaveBeenCalled()
  })

  it('says in French what is wrong with a whole argument', async () => {
    const outcome = await renameAction(ID, 'Atelier CV' as never)
    expect(outcome).toMatchObject({ ok: false })
    expect((outcome as { error: string }).error).not.toMatch(/Invalid|expected/)
    expect(outcome).not.toHaveProperty('fieldErrors')
  })

  it('reads missing arguments as undefined and ignores extra ones, as a function would', async () => {
    const action = defineAction({
      name: 'test.optional',
      permission: null,
      tenant: 'any',
      input: z.tuple([z.string().optional()]),
      run: async ({ input: [text] }) => ({ ok: true as const, text: text ?? null }),
    })
    expect(await action()).toEqual({ ok: true, text: null })
    expect(await (action as (...args: unknown[]) => Promise<unknown>)('a', 'b', 'c')).toEqual({ ok: true, text: 'a' })
  })

  it("parses a form's fields, and gives the typed text back when the form fails", async () => {
    const action = defineAction({
      name: 'test.form',
      permission: null,
      tenant: 'any',
      echo: true,
      input: z.tuple([
        z.unknown(),
        form((data) => ({ name: field(data, 'name') }), z.object({ name: z.string().min(2) })),
      ]),
      run: async ({ input: [, values] }) => ({ ok: true as const, name: values.name }),
    })
    const data = new FormData()
    data.set('name', 'A')
    data.set('$ACTION_ID_1', '')
    expect(await action({}, data)).toMatchObject({
      ok: false,
      fieldErrors: { name: expect.any(String) },
      values: { name: 'A' },
    })
    data.set('name', 'Atelier')
    expect(await action({}, data)).toEqual({ ok: true, name: 'Atelier' })
    // Anything posted that is not a form reads as an empty one.
    expect(await action({}, 'name=Atelier')).toMatchObject({ ok: false, fieldErrors: { name: expect.any(String) } })
    expect(FORM.parse('x')).toBeInstanceOf(FormData)
  })
})

describe('defineAction: what goes wrong', () => {
  it('answers a thrown error with a generic French message and logs its kind, never its text', async () => {
    const action = defineAction({
      name: 'test.throws',
      permission: null,
      tenant: 'any',
      run: async () => {
        throw Object.assign(new TypeError('duplicate key jean.dupont@example.org'), { code: '23505' })
      },
    })
    expect(await action()).toEqual(FAILED)
    expect(logged).toEqual(['[action.test.throws] TypeError (23505)'])
  })

  it('answers in its own words when it has them', async () => {
    const action = defineAction({
      name: 'test.worded-failure',
      permission: null,
      tenant: 'any',
      failed: 'Le SMS n’a pas pu être enregistré.',
      run: async (): Promise<{ ok: true }> => {
        throw new Error('boom')
      },
    })
    expect(await action()).toEqual({ ok: false, error: 'Le SMS n’a pas pu être enregistré.' })
  })

  it('says the service is momentarily unavailable when the database is out of reach', async () => {
    const action = defineAction({
      name: 'test.unavailable',
      permission: null,
      tenant: 'any',
      run: async (): Promise<{ ok: true }> => {
        throw Object.assign(new Error('Connection terminated'), { digest: DB_UNAVAILABLE_DIGEST })
      },
    })
    expect(await action()).toEqual({ ok: false, error: UNAVAILABLE_MESSAGE })
  })

  it("lets Next.js's redirect() through", async () => {
    const action = defineAction({
      name: 'test.redirects',
      session: 'none',
      navigates: true,
      run: async (): Promise<never> => redirect('/v2/login'),
    })
    await expect(action()).rejects.toThrow('NEXT_REDIRECT')
    expect(logged).toEqual([])
  })

  it('gives a read its fallback instead of any failure', async () => {
    const list = defineAction({
      name: 'test.list',
      permission: 'workshops.modify',
      tenant: 'organisation',
      fallback: [],
      run: async (): Promise<string[]> => {
        throw new Error('boom')
      },
    })
    expect(await list()).toEqual([])
    session.user = null
    expect(await list()).toEqual([])
  })
})
