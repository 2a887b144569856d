/**
 * What the property-based suite (e2e/fuzz.spec.ts) sends and how it judges an answer. Inputs are the
 * hostile kind: wrong types, missing and extra fields, huge strings, unicode edge cases, SQL and HTML fragments, other
 * tenants' ids, ids that are not uuids, dates out of range. Writes are read from a throwaway audit trigger installed on
 * every table of the run's database for the suite's duration.
 */
import fs from 'node:fs'
import fc from 'fast-check'
import pg from 'pg'

/** One megabyte: past Next.js's server-action body limit once wrapped, and the size the issue names. */
export const HUGE = 'é'.repeat(512 * 1024)

const FRAGMENTS = [
  "' OR 1=1 --",
  "'; drop table candidates; --",
  '" onmouseover="alert(1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '%00',
  '\u0000',
  '\u202eevil\u202c',
  'a\u200bb\u200d',
  '\ud800',
  '\udfff',
  '😀👩‍👩‍👧',
  'مرحبا',
  '../../etc/passwd',
  '${7*7}',
  '$1',
  '$@0',
  '0000-00-00',
  '9999-12-31',
  '-271821-04-19',
  '2026-02-30',
  '1e309',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  ' ',
  '',
]

/** Field names the app's forms use, so that generated objects reach past "missing field" into the field checks. */
const KEYS = [
  'id',
  'ids',
  'candidateId',
  'candidateIds',
  'offerId',
  'structureId',
  'workshopId',
  'courseId',
  'userId',
  'applyId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'birthDate',
  'gender',
  'address',
  'name',
  'label',
  'title',
  'description',
  'state',
  'status',
  'cause',
  'tab',
  'page',
  'search',
  'date',
  'startsAt',
  'endsAt',
  'capacity',
  'role',
  'permissions',
  'text',
  'body',
  'message',
  'reason',
  'value',
  'values',
  'steps',
  'fields',
  'mapping',
  'organisationId',
  'placeId',
  'socialSecurityNumber',
  'password',
  'newPassword',
  'currentPassword',
  'code',
  'token',
  'locale',
  'dataset',
]

/** A leaf value: hostile strings and numbers, real ids of this tenant and of others. */
export function leaf(ids: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.string({ maxLength: 40 }), weight: 6 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
    { arbitrary: fc.constantFrom(...FRAGMENTS), weight: 6 },
    { arbitrary: fc.constantFrom(...ids), weight: 6 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: fc.integer(), weight: 2 },
    { arbitrary: fc.constantFrom(-1, 0, 1, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER), weight: 1 },
    { arbitrary: fc.double({ noNaN: true }), weight: 1 },
    { arbitrary: fc.boolean(), weight: 2 },
    { arbitrary: fc.constant(null), weight: 2 },
    { arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), weight: 1 },
  )
}

/** Any JSON value built from those leaves: arrays and objects with the forms' field names and others. */
export function value(ids: string[]): fc.Arbitrary<unknown> {
  const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf(ids),
      fc.array(tie('tree'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie('tree'), { maxKeys: 6 }),
    ),
  }))
  return tree
}

/**
 * A server action's arguments: up to four values, and in about one case in fifty a megabyte, alone or as a field's
 * value (a megabyte in every case would make the suite a bandwidth test).
 */
export function actionArgs(ids: string[]): fc.Arbitrary<unknown[]> {
  const plain = fc.array(value(ids), { maxLength: 4 })
  const huge = fc.oneof(
    fc.constant<unknown[]>([HUGE]),
    fc
      .tuple(fc.constantFrom(...KEYS), fc.dictionary(fc.constantFrom(...KEYS), leaf(ids), { maxKeys: 4 }))
      .map(([key, fields]) => [{ ...fields, [key]: HUGE }]),
    plain.map((args) => [...args, HUGE]),
  )
  return fc.oneof({ arbitrary: plain, weight: 49 }, { arbitrary: huge, weight: 1 })
}

/**
 * A server action's arguments as React sends them (encodeReply of plain JSON): a string that starts with `$` is escaped
 * as `$$`, or the server would read it as a reference.
 */
export function encodeReply(args: unknown[]): string {
  const escape = (v: unknown): unknown => {
    if (typeof v === 'string') return v.startsWith('$') ? `$${v}` : v
    if (Array.isArray(v)) return v.map(escape)
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, escape(x)]))
    return v
  }
  return JSON.stringify(args.map(escape))
}

/** The action's result from its RSC answer (row 1), or undefined when there is none. */
export function actionResult(body: string): unknown {
  const line = body.split('\n').find((l) => l.startsWith('1:'))
  if (!line) return undefined
  try {
    return JSON.parse(line.slice(2))
  } catch {
    return line.slice(2)
  }
}

/** An error text a person may see: French words, never an exception's English or its insides. */
const TECHNICAL =
  /\b(Error|TypeError|ReferenceError|undefined|NaN|Cannot|Invalid|Expected|Unexpected|stack|at \w+ \(|ZodError|SQL|select |insert |relation "|violates|duplicate key)\b/
export function messagesOf(result: unknown): string[] {
  const found: string[] = []
  const visit = (v: unknown, key: string) => {
    // A string that starts with $ is React's encoding ($undefined…), not a text.
    if (typeof v === 'string' && /^(error|message|fieldErrors|errors|formError)$/.test(key)) {
      if (!v.startsWith('$')) found.push(v)
    } else if (Array.isArray(v)) v.forEach((x) => visit(x, key))
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) visit(x, /^(fieldErrors|errors)$/.test(key) ? key : k)
  }
  visit(result, '')
  return found
}
export function isTechnical(message: string): boolean {
  return TECHNICAL.test(message)
}

/** A refusal in the app's shapes: { ok: false, … }, an error or field errors. */
export function isRefusal(result: unknown): boolean {
  if (!result || typeof result !== 'object') return false
  const r = result as Record<string, unknown>
  return (
    r.ok === false ||
    r.status === 'error' ||
    typeof r.error === 'string' ||
    (!!r.fieldErrors && Object.keys(r.fieldErrors as object).length > 0)
  )
}

/**
 * Tables a refused request may still write: the session's last use, the sign-in throttling and rate limits (a
 * refusal counts), the audit of reads, home-page visits.
 */
const MAY_WRITE_ON_REFUSAL = [
  'session',
  'rate_limit',
  'rate_slots',
  'auth_attempt',
  'audit_log',
  'user_home_visits',
  'verification',
]

/** Installs the audit of writes (every public table, the job worker's writes left out by its application name). */
export async function installWriteAudit(client: pg.Client) {
  await client.query(`
    create table if not exists fuzz_writes (id bigserial primary key, tbl text not null, op text not null);
    create or replace function fuzz_write_audit() returns trigger language plpgsql as $$
    begin
      -- The job worker's writes are its own (told apart by its application name), and so are the SMS status updates
      -- that the provider's callbacks bring to the web process whenever they come (/api/sms/status).
      if current_setting('application_name') <> 'passerelle-worker' and not (TG_TABLE_NAME = 'sms_messages' and TG_OP = 'UPDATE') then
        insert into fuzz_writes (tbl, op) values (TG_TABLE_NAME, TG_OP);
      end if;
      return null;
    end $$;`)
  const { rows } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'fuzz_writes' and tablename <> all($1)`,
    [MAY_WRITE_ON_REFUSAL],
  )
  for (const { name } of rows) {
    await client.query(`drop trigger if exists fuzz_write_audit on "${name}"`)
    await client.query(
      `create trigger fuzz_write_audit after insert or update or delete on "${name}" for each row execute function fuzz_write_audit()`,
    )
  }
  return rows.map((r) => r.name)
}

export async function removeWriteAudit(client: pg.Client, tables: string[]) {
  for (const name of tables) await client.query(`drop trigger if exists fuzz_write_audit on "${name}"`)
  await client.query('drop function if exists fuzz_write_audit() cascade; drop table if exists fuzz_writes')
}

/** The writes recorded since the last call (table and operation). */
export function writeCursor(client: pg.Client) {
  let last = 0
  return async (): Promise<string[]> => {
    const { rows } = await client.query<{ id: string; tbl: string; op: string }>(
      'select id, tbl, op from fuzz_writes where id > $1 order by id',
      [last],
    )
    if (rows.length) last = Number(rows.at(-1)!.id)
    return rows.map((r) => `${r.op} ${r.tbl}`)
  }
}

/** The server's log from a byte offset on (e2e/serve.ts copies it to E2E_SERVER_LOG). */
export function serverLogSince(offset: number): string {
  const file = process.env.E2E_SERVER_LOG!
  const buffer = fs.readFileSync(file)
  return buffer.subarray(offset).toString('utf8')
}
export const serverLogSize = () => fs.statSync(process.env.E2E_SERVER_LOG!).size
