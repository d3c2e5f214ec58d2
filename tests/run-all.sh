#!/usr/bin/env bash
# Every test of the project, in order: type check, lint, unit tests, API tests against a real
# database (PGlite always; PostgreSQL too when TEST_DATABASE_URL is set), then the
# production build and the browser tests in Debian's Chromium. `npm test` runs this.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tests/.tmp
rm -f tests/.tmp/*-results.json
status=0
step() { echo; echo "=== $1"; }

step "type check"
npx tsc --noEmit -p . || status=1

step "lint (ESLint, Prettier check, dependency rules)"
npm run --silent lint || status=1

step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=tests/.tmp/unit-results.json || status=1

step "API and ledger tests"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "PostgreSQL pass skipped: TEST_DATABASE_URL is not set (PGlite pass runs)."
fi
npx vitest run --project api --reporter=default --reporter=json --outputFile.json=tests/.tmp/api-results.json || status=1

step "build"
npx remix build || status=1

step "JavaScript budget (every page within 120 KB gzip)"
npm run --silent bench:check || status=1

step "process tests (production start with Twilio, several instances)"
npx vitest run --project process --reporter=default --reporter=json --outputFile.json=tests/.tmp/process-results.json || status=1

step "browser tests (Playwright, Chromium)"
npx playwright test || status=1

node tests/summary.mjs || true
exit $status
