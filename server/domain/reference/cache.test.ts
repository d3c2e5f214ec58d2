/**
 * The per-process reference cache (server/domain/reference/cache.ts): kept for REFERENCE_TTL_MS
 * and then read again, one read shared by callers that ask meanwhile, nothing kept after a failed
 * read or an empty table, each database handle on its own, values frozen.
 */
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { REFERENCE_TTL_MS, referenceData } from "./cache.js";

/** A database handle for the cache's keying (the loaders below never touch it). */
const handle = () => ({}) as Database;

/** A loader counting its reads, answering `value(n)` on the n-th read. */
function counted<T>(value: (n: number) => T) {
  const loader = { reads: 0, load: async () => value(++loader.reads) };
  return loader;
}

describe("referenceData", () => {
  it("keeps a value for REFERENCE_TTL_MS after the read, then reads it again", async () => {
    const db = handle();
    const l = counted((n) => [{ id: "GBP", read: n }]);
    expect(await referenceData(db, "currencies", l.load, 1_000)).toEqual([{ id: "GBP", read: 1 }]);
    expect(await referenceData(db, "currencies", l.load, 1_000 + REFERENCE_TTL_MS - 1)).toEqual([{ id: "GBP", read: 1 }]);
    expect(l.reads).toBe(1);
    expect(await referenceData(db, "currencies", l.load, 1_000 + REFERENCE_TTL_MS)).toEqual([{ id: "GBP", read: 2 }]);
    expect(l.reads).toBe(2);
  });

  it("callers asking while the read is on its way share it", async () => {
    const db = handle();
    const l = counted(() => ["GBP"]);
    const [a, b] = await Promise.all([referenceData(db, "currencies", l.load, 0), referenceData(db, "currencies", l.load, 0)]);
    expect(a).toBe(b);
    expect(l.reads).toBe(1);
  });

  it("each name and each database handle has its own value", async () => {
    const [one, two] = [handle(), handle()];
    const l = counted((n) => [n]);
    expect(await referenceData(one, "currencies", l.load, 0)).toEqual([1]);
    expect(await referenceData(one, "provider-payment-types", l.load, 0)).toEqual([2]);
    expect(await referenceData(two, "currencies", l.load, 0)).toEqual([3]);
    expect(await referenceData(one, "currencies", l.load, 0)).toEqual([1]);
  });

  it("a failed read is not kept: the next caller reads again", async () => {
    const db = handle();
    let fail = true;
    const load = async () => {
      if (fail) throw new Error("database unavailable");
      return ["GBP"];
    };
    await expect(referenceData(db, "currencies", load, 0)).rejects.toThrow("database unavailable");
    fail = false;
    expect(await referenceData(db, "currencies", load, 1)).toEqual(["GBP"]);
  });

  it("an empty table (not seeded yet) is not kept", async () => {
    const db = handle();
    const l = counted((n) => (n === 1 ? [] : ["GBP"]));
    expect(await referenceData(db, "currencies", l.load, 0)).toEqual([]);
    await Promise.resolve(); // the empty answer is dropped once it has arrived
    expect(await referenceData(db, "currencies", l.load, 1)).toEqual(["GBP"]);
    expect(l.reads).toBe(2);
  });

  it("values are frozen through and through: a caller cannot change them for the others", async () => {
    const db = handle();
    const list = await referenceData(db, "provider-payment-types", async () => [{ type: "SEPA", currencies: ["EUR"] }], 0);
    expect(() => list.push({ type: "X", currencies: [] })).toThrow(TypeError);
    expect(() => (list[0].type = "X")).toThrow(TypeError);
    expect(() => list[0].currencies.push("GBP")).toThrow(TypeError);
  });
});
