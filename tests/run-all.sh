#!/usr/bin/env bash
# Every test of the project, in order: type check, lint, unit tests, API tests against a real
# database (PGlite always; PostgreSQL too when TEST_DATABASE_URL is set), then the
# production build and the browser tests in Debian's Chromium. `npm test` runs this.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tests/.tmp
rm -f tests/.tmp/*results*.json tests/.tmp/e2e-shard-*.log
status=0
# Each step's wall time, printed at the end (where a slow machine's minutes went: docs/performance.md).
timings=()
step_name=""
step_start=$SECONDS
end_step() { [ -n "$step_name" ] && timings+=("$(printf '%6ds  %s' $((SECONDS - step_start)) "$step_name")"); step_name=""; }
step() { end_step; step_name="$1"; step_start=$SECONDS; echo; echo "=== $1 ($(date -u +%H:%M:%S) UTC)"; }

# The type check and the lint are independent and single-threaded: side by side on two cores,
# each printed after both end.
step_name="type check and lint, side by side"
npx tsc --noEmit -p . >tests/.tmp/typecheck.log 2>&1 &
typecheck=$!
npm run --silent lint >tests/.tmp/lint.log 2>&1 &
lint=$!
typecheck_failed=0
lint_failed=0
wait "$typecheck" || typecheck_failed=1
wait "$lint" || lint_failed=1
step "type check"
cat tests/.tmp/typecheck.log
if [ "$typecheck_failed" -eq 1 ]; then echo "type check: FAILED"; status=1; fi
step "lint (ESLint, Prettier check, dependency rules)"
cat tests/.tmp/lint.log
if [ "$lint_failed" -eq 1 ]; then echo "lint: FAILED"; status=1; fi

step "unit tests"
# Two workers on two cores (vitest's own default is one fewer than the cores: one on this machine).
npx vitest run --project unit --maxWorkers="${UNIT_TEST_WORKERS:-2}" --reporter=default --reporter=json --outputFile.json=tests/.tmp/unit-results.json || status=1

step "API and ledger tests"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "PostgreSQL pass skipped: TEST_DATABASE_URL is not set (PGlite pass runs)."
fi
# Files in API_TEST_FORKS processes side by side, each on its own PostgreSQL database.
npx vitest run --project api --maxWorkers="${API_TEST_FORKS:-2}" --reporter=default --reporter=json --outputFile.json=tests/.tmp/api-results.json || status=1

step "build"
# remix build, then the build's text compressed beside it (scripts/build/precompress.ts).
npm run --silent build || status=1

step "ledger under contention and SIGKILL (verify:ledger, PostgreSQL)"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # A database of its own, recreated each run: bank_verify on the same server.
  VERIFY_DATABASE_URL="${TEST_DATABASE_URL%/*}/bank_verify"
  node -e 'const pg=require("pg");const c=new pg.Client(process.argv[1]);c.connect().then(()=>c.query("DROP DATABASE IF EXISTS bank_verify WITH (FORCE)")).then(()=>c.query("CREATE DATABASE bank_verify")).then(()=>c.end(),e=>{console.error(e.message);process.exit(1)})' "$TEST_DATABASE_URL" &&
    DATABASE_URL="$VERIFY_DATABASE_URL" npm run --silent verify:ledger -- --transfers 200 --kills 1 --seed 20261123 --self-test || status=1
else
  echo "skipped: TEST_DATABASE_URL is not set"
fi

step "JavaScript budget (every page within 120 KB gzip)"
npm run --silent bench:check || status=1

step "browser floor (the build's JavaScript parses in tier (a); CSS features; browser APIs)"
npm run --silent check:browsers || status=1

step "process tests (production start with Twilio, several instances)"
npx vitest run --project process --reporter=default --reporter=json --outputFile.json=tests/.tmp/process-results.json || status=1

step "browser tests (Playwright, Chromium)"
# E2E_SHARDS runs of the suite side by side, each with its own server and embedded database
# (E2E_PORT 3100, 3101, …), the spec files split between them by their measured duration
# (tests/e2e-shards.mjs, tests/e2e/durations.json). Their output is printed after all of them end.
# With TEST_DATABASE_URL, the even shards' servers run on PostgreSQL (each its own database on
# that server, bank_e2e_<N>, made anew by playwright.config.ts) and the odd ones on the embedded
# database: the web app is proven on both, and the run is lighter (PGlite was about 40 % of a
# server's CPU time: docs/performance.md "Browser tests on both databases").
shards="${E2E_SHARDS:-2}"
pids=()
for i in $(seq 1 "$shards"); do
  database_url=""
  if [ -n "${TEST_DATABASE_URL:-}" ] && [ $((i % 2)) -eq 0 ]; then
    database_url="${TEST_DATABASE_URL%/*}/bank_e2e_$i"
  fi
  if [ -n "$database_url" ]; then
    on_database=(env DATABASE_URL="$database_url")
    echo "shard $i/$shards: PostgreSQL (bank_e2e_$i)"
  else
    on_database=(env -u DATABASE_URL)
    echo "shard $i/$shards: PGlite"
  fi
  # shellcheck disable=SC2046 # one argument per file
  "${on_database[@]}" E2E_PORT=$((3099 + i)) npx playwright test $(node tests/e2e-shards.mjs "$i" "$shards") >"tests/.tmp/e2e-shard-$i.log" 2>&1 &
  pids+=("$!")
done
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then echo "shard $((i + 1))/$shards: passed"; else echo "shard $((i + 1))/$shards: FAILED"; status=1; fi
done
for i in $(seq 1 "$shards"); do
  echo "--- shard $i/$shards"
  cat "tests/.tmp/e2e-shard-$i.log"
done

end_step
echo
echo "=== wall time per step"
printf '%s\n' "${timings[@]}"
printf '%6ds  all\n' "$SECONDS"
node tests/summary.mjs || true
exit $status
