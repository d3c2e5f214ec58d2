/**
 * A short-lived, per-process copy of reference data: tables the bank changes only by a release
 * or the seed, never through the API or the back office, and whose rows are the same for every
 * caller (today the currencies and the provider payment types: server/domain/settings). A
 * signed-in page read the currencies twice (GET /v1/accounts and the fees tab) and the payment
 * types once, each read a statement of its own (docs/performance.md "Calls and statements of a
 * signed-in page").
 *
 * What may be kept here, and what may not (docs/decisions.md "Reference data cached per process"):
 * - only bank-wide data that no customer, staff member or API call can change at run time;
 * - never anything per customer or per organization (balances, cards, memberships, settings
 *   overrides), nor a switch staff can turn (the `settings` flags: a switch takes effect on the
 *   next request, on every instance).
 * A value is kept for `REFERENCE_TTL_MS` after it was read, per database handle (each test
 * database has its own), then read again; a table edited by hand reaches every instance within
 * that time. A failed read and an empty table (not seeded yet) are not kept. Values are frozen
 * through and through: a caller that tried to change a shared list would throw instead of
 * changing it for everyone.
 */
import type { Database } from "../../db/client.js";

/** How long a reference value is kept after it was read, in milliseconds. */
export const REFERENCE_TTL_MS = 60_000;

interface Entry {
  /** `Date.now()` after which the value is read again. */
  expiresAt: number;
  /** The read, shared by callers that ask while it is on its way. */
  value: Promise<unknown>;
}

/** Database handle → reference name → entry. */
const entries = new WeakMap<Database, Map<string, Entry>>();

/** `value` frozen, with every array and object it holds. */
function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

/**
 * The reference value `name` of `db`: the one kept when read less than `REFERENCE_TTL_MS` ago,
 * else `load()`'s (which is then kept, unless it failed or is an empty list).
 * @param db the application's database handle (not a transaction: the data is the same inside one)
 * @param name which reference data (one name per loader: "currencies", "provider-payment-types")
 * @param load reads the value from the database
 * @param now the clock, in milliseconds (tests)
 * @returns the value, frozen (do not change it: copy it)
 * @throws what `load` throws
 */
export function referenceData<T>(db: Database, name: string, load: () => Promise<T>, now: number = Date.now()): Promise<T> {
  let byName = entries.get(db);
  if (!byName) entries.set(db, (byName = new Map()));
  const kept = byName.get(name);
  if (kept && kept.expiresAt > now) return kept.value as Promise<T>;
  const value = load().then(frozen);
  const entry: Entry = { expiresAt: now + REFERENCE_TTL_MS, value };
  byName.set(name, entry);
  const forget = () => {
    if (byName.get(name) === entry) byName.delete(name);
  };
  value.then((v) => (Array.isArray(v) && v.length === 0 ? forget() : undefined), forget);
  return value;
}

/** Drop every kept value of `db` (tests; a seed that changes reference data in a running process). */
export function forgetReferenceData(db: Database): void {
  entries.delete(db);
}
