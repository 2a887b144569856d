/**
 * The address `next start` listens on (scripts/serve.mjs): 127.0.0.1 unless HOST, or a `-H` / `--hostname` argument,
 * says otherwise. A fresh install holds the demo accounts and their published password, so it answers only on this
 * machine until someone chooses to serve it further (HOST=0.0.0.0 behind a reverse proxy, say).
 */
export function withListenHost(args, env) {
  const given = args.some((a) => a === '-H' || a === '--hostname' || a.startsWith('--hostname='))
  return given ? args : [...args, '-H', env.HOST?.trim() || '127.0.0.1']
}
