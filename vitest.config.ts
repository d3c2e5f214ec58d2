import path from "node:path";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./tests/longest-first-sequencer";

/**
 * Two projects: `unit` (rules, beside their code, scripts' checks too; jsdom for .tsx) and `api` (tests/api,
 * against a real database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    globals: true,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          // A few unit tests open an in-memory PGlite and migrate and seed it in beforeAll: on a
          // busy 2-core machine that took over the 10 s default once (housekeeping).
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // Files in parallel forks (tests/run-all.sh passes --maxWorkers=$API_TEST_FORKS, default
          // 2; vitest's own default is one fewer than the cores), each fork on its own PostgreSQL
          // database (tests/api/seeded-databases.ts workerDatabaseUrl); PGlite databases are in memory.
          pool: "forks",
          // One fork runs file after file with the modules it has loaded: a fresh process per file
          // spent about 10 s here (2 cores) starting and importing the server before the file's
          // first test (docs/performance.md "API tests"). Each file still starts its own server on
          // its own database; a file that mocks a module loads what uses it afresh (recovery.test.ts).
          isolate: false,
          // The run's seeded databases, copied for every test server (tests/api/seeded-databases.ts).
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Whole processes (production start, several instances): after \`remix build\`.
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
