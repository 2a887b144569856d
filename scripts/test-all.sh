#!/usr/bin/env bash
# `npm test`: every tier — types, lint and format (ESLint, Prettier), unit, integration (PostgreSQL), end to end (built app in Chromium, with the fuzz suite
# and the route walk), and the short resilience run (load and faults on the built app).
# With DATABASE_URL, each tier creates its own throwaway database on that server and drops it afterwards (CI: the
# machine's PostgreSQL 15). Without it, a throwaway embedded PostgreSQL (scripts/with-database.ts) serves them all.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# The fuzz suite's size in this run (25 generated inputs per action and per route handler, so that CI stays under
# 20 minutes on 2 cores with the layout walk; `npm run fuzz` runs 1 000).
export FUZZ_RUNS="${FUZZ_RUNS:-25}"
# The SMS and mail chaos tests' size in this run (300 messages each, with the same kills and faults; `npm run chaos`
# runs 1 000, where the SMS backlog outlives the jobs' expiry).
export CHAOS_SMS="${CHAOS_SMS:-300}" CHAOS_MAILS="${CHAOS_MAILS:-300}"
if [ -z "${DATABASE_URL:-}" ]; then exec npx tsx scripts/with-database.ts bash "$0" "$@"; fi
logs=$(mktemp -d)
# A tier that fails ends the run: a job still running beside it (the type check, the build) goes with it.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
passed=0

count() { # sums "N passed" from a runner's closing lines
  local n
  n=$(sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -aoE "$2" | grep -oE '[0-9]+' | tail -1 || true)
  passed=$((passed + ${n:-0}))
}

bash scripts/ensure-system-deps.sh
node -e "new (require('pg').Client)({connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 10000}).connect().then(c => c.end()).catch(e => { console.error('PostgreSQL is not reachable at DATABASE_URL: ' + e.message); process.exit(1) })"

# The type check, the linter, the format check and the folder order (.dependency-cruiser.cjs) run side by side.
echo "== types, lint, format and folder order (at ${SECONDS} s)"
npx tsc --noEmit > "$logs/types.log" 2>&1 &
types=$!
npx prettier --check . > "$logs/format.log" 2>&1 &
format=$!
npm run -s boundaries > "$logs/boundaries.log" 2>&1 &
boundaries=$!
npx eslint .
wait "$types" || { cat "$logs/types.log"; exit 1; }
wait "$format" || { cat "$logs/format.log"; exit 1; }
wait "$boundaries" || { cat "$logs/boundaries.log"; exit 1; }
echo "== unit (at ${SECONDS} s)"; npx vitest run --project unit 2>&1 | tee "$logs/unit.log"; count "$logs/unit.log" 'Tests +[0-9]+ passed'
# The integration tier waits on PostgreSQL, on kills and on leases about a quarter of its time: the production build
# (which needs no database) runs beside it and fills those gaps (about 50 s less than one after the other).
echo "== integration, with the build beside it (at ${SECONDS} s)"
npx next build > "$logs/build.log" 2>&1 &
build=$!
npx vitest run --project integration 2>&1 | tee "$logs/integration.log"; count "$logs/integration.log" 'Tests +[0-9]+ passed'
wait "$build" || { cat "$logs/build.log"; echo "the build failed"; exit 1; }
echo "== build done (at ${SECONDS} s)"; tail -n 3 "$logs/build.log"
# The e2e tier in two lanes side by side, each with its own server, database, job worker, mail sink, Twilio stand-in
# and browser (E2E_PORT: playwright.config.ts): the specs wait on the app and the browser much of their time, so the
# lanes share the 2 cores. The spec files alternate between the lanes; the second then runs the fuzz suite alone, on
# a fresh server and database (FUZZ_ALONE=1, as `npm run fuzz`): its accepted inputs change no other spec's data.
echo "== e2e, in two lanes side by side (at ${SECONDS} s)"
mapfile -t specs < <(ls e2e/*.spec.ts | grep -v '/fuzz\.spec\.ts$')
lanes=("" "")
for i in "${!specs[@]}"; do lanes[$((i % 2))]+=" ${specs[$i]}"; done
e2e_lane() { # lane number, then the spec files (Playwright filters: each names one file)
  local lane=$1 port=$((3210 + 20 * $1))
  shift
  E2E_PORT=$port npx playwright test --project=setup --project=chromium "$@" 2>&1 | sed -u "s/^/[e2e $lane] /" > "$logs/e2e-$lane.log" || return 1
  if [ "$lane" = 1 ]; then
    E2E_PORT=$port FUZZ_ALONE=1 npx playwright test --project=fuzz 2>&1 | sed -u "s/^/[fuzz] /" > "$logs/e2e-fuzz.log" || return 1
  fi
}
: > "$logs/e2e-0.log"; : > "$logs/e2e-1.log"; : > "$logs/e2e-fuzz.log"
# shellcheck disable=SC2086 # the file lists split on spaces (spec names have none)
(e2e_lane 0 ${lanes[0]}) &
lane0=$!
# shellcheck disable=SC2086
(e2e_lane 1 ${lanes[1]}) &
lane1=$!
tail -q -n +1 -F "$logs/e2e-0.log" "$logs/e2e-1.log" "$logs/e2e-fuzz.log" 2>/dev/null &
follow=$!
failed=0
wait "$lane0" || failed=1
wait "$lane1" || failed=1
sleep 1; kill "$follow" 2>/dev/null || true
count "$logs/e2e-0.log" '^\[e2e 0\] +[0-9]+ passed'
count "$logs/e2e-1.log" '^\[e2e 1\] +[0-9]+ passed'
count "$logs/e2e-fuzz.log" '^\[fuzz\] +[0-9]+ passed'
if [ "$failed" = 1 ]; then
  # The lanes' output is interleaved above, and a lane that ended early has its report far up: each failure's first
  # lines and each lane's closing counts are repeated here, last, where a reader of the log's tail sees them.
  echo "== what failed in the e2e tier (repeated from the lanes' reports)"
  for log in "$logs/e2e-0.log" "$logs/e2e-1.log" "$logs/e2e-fuzz.log"; do
    # A lane that ended without its report (its server did not start…): its last lines.
    grep -aqE '^\[[a-z0-9 ]+\] +[0-9]+ (failed|passed)' "$log" || { tail -n 15 "$log"; continue; }
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -av '\[WebServer\]' | awk '
      /^\[[a-z0-9 ]+\] +[0-9]+ (failed|flaky|passed|interrupted|did not run|skipped)/ { inblock = 0; tail = 1 }
      /^\[[a-z0-9 ]+\] +[0-9]+\) \[/ { shown = 0; inblock = 1 }
      tail || (inblock && shown++ < 12) { print }'
  done | tail -n 120
  echo "the e2e tier failed"
  exit 1
fi
echo "== resilience (short) (at ${SECONDS} s)"; npx tsx scripts/resilience.ts --short 2>&1 | tee "$logs/resilience.log"; count "$logs/resilience.log" '^[0-9]+ passed'
echo
echo "all tiers: $passed passed, 0 failed, in ${SECONDS} s"
