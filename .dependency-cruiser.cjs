/**
 * The house's walls (issue 5 §5), checked on every `npm run lint` and in CI:
 *
 *   Web (app/) ──import type──► API contract (server/api/v1/contract.ts)   and, besides Rules, nothing else of server/
 *   Entry (server/index.ts, server/app.ts, server/web-guards.ts) ──► API, Messaging, Web build
 *   API (server/api) ──► Domain
 *   Domain (server/domain) ──► DB (server/db), Providers (server/providers)
 *   Seed (server/seed) = tooling ──► DB, Domain
 *   Shared kernel: server/config.ts, server/logger.ts (anyone on the server may use them)
 *   Rules (server/rules: pure field rules, and the upload byte budget) ◄── Web, Domain; Rules ──► npm packages and server/rules only
 *
 * Never Domain → API/Web/Entry/Seed, DB → Domain (or anything above it), API → DB. No cycles.
 *
 * Decisions written down here (the rules enforce them):
 * - API → DB: the API may name the database handle's TYPE (`import type { Database } from
 *   "server/db/client"`, for `ApiDeps.db`) and the SMS provider's type (`ApiDeps.sms`), because it
 *   passes those handles to domain functions; any value import (schema, drizzle queries, the
 *   client) is refused: queries live in the domain.
 * - Domain → contract.ts: the wire contract is the ONE file shared by all layers. It is pure types
 *   (no code, imports nothing — a rule below keeps it so), it is the published API vocabulary the
 *   domain returns to avoid a mapping copy of every shape, and type-only imports vanish at compile
 *   time, so no runtime arrow Domain → API exists. Moving it out of server/api/v1 would touch every
 *   web module for no change in what depends on what; the domain may therefore `import type` from
 *   contract.ts and nothing else of server/api.
 * - Entry is the composition root: besides API, Messaging and the Web build it opens the database
 *   (server/db/client.ts only, never the schema), constructs providers, seeds demo data, schedules
 *   housekeeping and points the rate limits at Redis. Each domain module it wires is listed in
 *   ENTRY_WIRES (today housekeeping and rate-limit), so a new Entry → Domain arrow is a visible edit
 *   here, not a silent one. Nothing imports the Entry.
 * - Tests (*.test.ts, tests/) and scripts/ are tooling: they may reach any layer, and no product
 *   module may import them. Rules below therefore leave test files out of their `from`.
 */
const TEST = "(\\.test\\.tsx?$|^tests/|^scripts/)";
const CONTRACT = "^server/api/v1/contract\\.ts$";
const ENTRY = "^server/(index|app|web-guards)\\.ts$";
const KERNEL = "^server/(config|logger)\\.ts$";
/** Pure field rules (amount, IBAN, sort code, …) shared by the browser and the server; the pure upload byte budget (byte-budget.ts) shared by the web app's and the API's upload reads. */
const RULES = "^server/rules/";
/** Domain modules the Entry may wire (schedule a job, choose a store): see the header. */
const ENTRY_WIRES = "^server/domain/(housekeeping|rate-limit)/index\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No runtime import cycles (e.g. app/lib/api.server ↔ session.server, once worked around with a dynamic import). " +
        "A cycle with an `import type` hop is allowed: it vanishes at compile time (a screen's `useLoaderData<typeof loader>`).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "Every import resolves (a typo or a deleted module fails here, not at run time).",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "web-only-contract",
      severity: "error",
      comment:
        "The web app is a client of the API: of server/ it sees only contract.ts (design.md) and the pure field rules (server/rules).",
      // A web test may build the API's real answer with the server's own schema (tooling, header).
      from: { path: "^app/", pathNot: TEST },
      to: { path: "^server/", pathNot: `${CONTRACT}|${RULES}` },
    },
    {
      name: "web-contract-type-only",
      severity: "error",
      comment: "The web app imports contract.ts with `import type` only (no server code in the browser bundle).",
      from: { path: "^app/" },
      to: { path: CONTRACT, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "contract-imports-nothing",
      severity: "error",
      comment: "contract.ts is the one file every layer shares: pure wire types, so it imports nothing.",
      from: { path: CONTRACT },
      to: {},
    },
    {
      name: "server-not-to-web-source",
      severity: "error",
      comment: "The server reaches the web app only through its build (build/), never app/ source.",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "nothing-imports-entry",
      severity: "error",
      comment:
        "The process entry and the express shell are the top: only the Entry itself (index → app) and tooling import them.",
      from: { pathNot: `${ENTRY}|${TEST}` },
      to: { path: ENTRY },
    },
    {
      name: "entry-wires-only",
      severity: "error",
      comment:
        "Entry → API, Messaging, Web build; as composition root also db/client (open), db/leader (which instance runs the jobs), providers, seed, ENTRY_WIRES.",
      from: { path: ENTRY },
      to: {
        path: "^server/",
        pathNot: `${ENTRY}|${KERNEL}|${ENTRY_WIRES}|^server/(api|messaging|providers|seed|staff)/|^server/db/(client|leader)\\.ts$`,
      },
    },
    {
      name: "api-to-domain-only",
      severity: "error",
      comment: "API → Domain (and the shared kernel); never DB, Seed, Messaging or the Web.",
      from: { path: "^server/api/", pathNot: TEST },
      to: {
        path: "^(server|app)/",
        pathNot: `^server/(api|domain)/|${KERNEL}|^server/db/client\\.ts$|^server/providers/`,
      },
    },
    {
      name: "api-db-and-providers-type-only",
      severity: "error",
      comment: "The API may name the Database and provider TYPES for its deps; queries and clients belong to the domain.",
      from: { path: "^server/api/", pathNot: TEST },
      to: { path: "^server/(db|providers)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-not-up",
      severity: "error",
      comment:
        "Domain → DB, Providers and Rules only: never API (save `import type` of contract.ts), Entry, Seed, Messaging or Web.",
      from: { path: "^server/domain/", pathNot: TEST },
      to: { path: "^(server|app)/", pathNot: `^server/(domain|db|providers|rules)/|${KERNEL}|${CONTRACT}` },
    },
    {
      name: "domain-contract-type-only",
      severity: "error",
      comment: "The domain shares wire shapes with the API through `import type` of contract.ts only.",
      from: { path: "^server/domain/", pathNot: TEST },
      to: { path: CONTRACT, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "db-is-the-bottom",
      severity: "error",
      comment: "DB → nothing above it (no Domain, API, Seed, Providers, Entry, Web): seed and factories live in server/seed.",
      from: { path: "^server/db/", pathNot: TEST },
      to: { path: "^(server|app)/", pathNot: `^server/db/|${KERNEL}` },
    },
    {
      name: "providers-are-leaves",
      severity: "error",
      comment: "Providers (SMS, …) are adapters to the outside: they know no Domain, DB, API or Seed.",
      from: { path: "^server/providers/", pathNot: TEST },
      to: { path: "^(server|app)/", pathNot: `^server/providers/|${KERNEL}` },
    },
    {
      name: "seed-is-tooling",
      severity: "error",
      comment: "Seed → DB and Domain (ledger for opening balances); never API, Entry or Web.",
      from: { path: "^server/seed/", pathNot: TEST },
      to: { path: "^(server|app)/", pathNot: `^server/(seed|db|domain)/|${KERNEL}|${CONTRACT}` },
    },
    {
      name: "rules-are-pure",
      severity: "error",
      comment:
        "server/rules runs in the browser and on the server: it imports its own folder and runtime npm packages (dependencies) only " +
        "(none of our modules, not even types or the kernel; no Node built-ins, no devDependencies).",
      from: { path: RULES, pathNot: TEST },
      to: { pathNot: RULES, dependencyTypesNot: ["npm"] },
    },
    {
      name: "product-not-to-tooling",
      severity: "error",
      comment: "No product module imports tests or scripts.",
      from: { path: "^(app|server)/", pathNot: TEST },
      to: { path: "^(tests|scripts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|public/build|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
