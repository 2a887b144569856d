/** The e2e web server: creates the run's database, migrates and seeds it, then serves the built app on it. */
import { spawn } from 'node:child_process'
import pg from 'pg'
import { createDb } from '../lib/db/client'
import { runMigrations } from '../lib/db/migrate'
import { seedDemo } from '../lib/db/seed'

const url = new URL(process.env.E2E_DATABASE_URL!)
const name = url.pathname.slice(1)
const admin = new URL(url)
admin.pathname = '/postgres'

const client = new pg.Client({ connectionString: admin.toString() })
await client.connect()
await client.query(`drop database if exists "${name}" with (force)`)
await client.query(`create database "${name}"`)
await client.end()

const { db, pool } = createDb(url.toString(), 2)
await runMigrations(db)
await seedDemo(db)
await pool.end()

const child = spawn('npx', ['next', 'start', '-p', process.env.PORT ?? '3210'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
})
const stop = () => child.kill('SIGTERM')
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => process.exit(code ?? 0))
