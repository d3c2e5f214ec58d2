import { defineConfig } from "@playwright/test";
import { E2E_STAFF_TOKEN } from "./tests/e2e/staff-token";

/**
 * Browser end-to-end tests in Debian's Chromium (Playwright cannot download browsers here).
 * The web server is the real process (`server/index.ts`) on a fresh embedded database in a
 * temporary folder — or, with DATABASE_URL set, on that PostgreSQL database, dropped and made
 * again first (tests/e2e/fresh-database.mjs; tests/run-all.sh gives the even shards one) — with
 * sandbox codes shown and relaxed rate limits (configuration, not code paths). Build first
 * (`remix build`); tests/run-all.sh does.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

const dataDir = process.env.E2E_DATA_DIR ?? `tests/.tmp/e2e-db-${process.pid}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Per-port output, so two runs on one machine (E2E_PORT) do not write into each other.
  outputDir: `test-results/${port}`,
  reporter: [
    ["list"],
    ["json", { outputFile: port === 3100 ? "tests/.tmp/e2e-results.json" : `tests/.tmp/e2e-results-${port}.json` }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace (screenshots and DOM snapshots of every step) costs the browser and the runner CPU
    // on every test; in CI it is taken on the retry of a failed test, locally on any failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // One browser context (and its page, so its renderer process) per worker, reset between
    // tests by Playwright: cookies, cache, local and session storage, routes, init scripts,
    // bindings, the clock, viewport and emulation back to the test's options, extra pages closed,
    // the page on about:blank. A new page per test cost Chromium a renderer's start (about 1 s of
    // CPU): the browser phase took a fifth less CPU and wall time with it (docs/performance.md
    // "Browser tests in one reused context"). Not reset, and used by no test to mean anything:
    // granted permissions and the tab's history (the Back button's "first page of a tab" case
    // opens a page of its own and asserts its history: layout-widgets.spec.ts). A test with
    // other context options (JavaScript off, a locale) gets a fresh context; tests that need
    // several contexts open them themselves.
    // E2E_REUSE_CONTEXT=0 gives every test a new context, to rule the reuse out when a test fails.
    reuseContext: process.env.E2E_REUSE_CONTEXT !== "0",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: process.env.DATABASE_URL
      ? "node tests/e2e/fresh-database.mjs && node --import tsx server/index.ts"
      : `rm -rf ${dataDir} && node --import tsx server/index.ts`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // As `npm start`: the sandbox, with React's production build (docs/decisions.md
      // "Sandbox and production").
      NODE_ENV: "production",
      DEPLOYMENT: "sandbox",
      SMS_DEBUG_CODES: "true",
      RATE_LIMITS: "relaxed",
      LOG_LEVEL: "warn",
      // Staff decisions the tests wait for (approve a beneficiary …): POST /api/staff/bank.
      STAFF_API_TOKEN: E2E_STAFF_TOKEN,
    },
  },
});
