import pg from 'pg'

/** Drops the run's database (the web server may still hold connections: FORCE). */
export default async function globalTeardown() {
  const url = new URL(process.env.E2E_DATABASE_URL!)
  const name = url.pathname.slice(1)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.end()
}
