import { describe, expect, it } from "vitest";
import type { Account } from "../../server/api/v1/contract";
import { balanceSources, parseSource, sourceLabel } from "./balance-sources";

/** Balances as [currency, amount] or, with an overdraft that applies, [currency, amount, limit, available]. */
const account = (id: string, name: string, balances: ([string, string] | [string, string, string, string])[]) =>
  ({
    id,
    name,
    number: id,
    balances: balances.map(([currencyId, amount, overdraftValue, available]) => ({
      id: id + currencyId,
      currencyId,
      amount,
      currency: { scale: 2 },
      // As the API sends it: the overdraft applies (global setting, account, balance) only where a limit is given here.
      overdraftEnabled: overdraftValue !== undefined,
      overdraftValue: overdraftValue ?? "0.00",
      available: available ?? amount,
    })),
  }) as unknown as Account;

describe("balanceSources", () => {
  const accounts = [
    account("a1", "Main", [
      ["GBP", "1250"],
      ["EUR", "10.5"],
    ]),
    account("a2", "", [["EUR", "0"]]),
  ];
  it("lists each balance with a formatted label", () => {
    expect(balanceSources(accounts).map((s) => [s.value, sourceLabel(s, "en")])).toEqual([
      ["a1:GBP", "Main — 1,250.00 GBP"],
      ["a1:EUR", "Main — 10.50 EUR"],
      ["a2:EUR", "a2 — 0.00 EUR"],
    ]);
  });
  it("carries the overdraft (limit, available) only where the API says it applies", () => {
    const sources = balanceSources([
      account("a3", "Operating", [
        ["GBP", "48250.00", "1000.00", "49250.00"],
        ["EUR", "9800.00"],
      ]),
    ]);
    expect(sources.map((s) => s.overdraft)).toEqual([{ limit: "1000.00", available: "49250.00" }, null]);
  });
  it("filters by currency", () => {
    expect(balanceSources(accounts, "EUR").map((s) => s.value)).toEqual(["a1:EUR", "a2:EUR"]);
  });
  it("parses values", () => {
    expect(parseSource("a1:GBP")).toEqual({ accountId: "a1", currencyId: "GBP" });
    expect(parseSource("a1")).toBeNull();
    expect(parseSource("a1:")).toBeNull();
    expect(parseSource(":GBP")).toBeNull();
  });
});

describe("sourceLabel", () => {
  it("formats the balance with the page language's separators", () => {
    const s = { name: "Main account", amount: "1250", scale: 2, currencyId: "GBP" as const };
    expect(sourceLabel(s, "en")).toBe("Main account — 1,250.00 GBP");
    expect(sourceLabel(s, "de")).toBe("Main account — 1.250,00 GBP");
  });
  it("names the available funds and the overdraft limit through the page's wording", () => {
    const s = { name: "Operating", amount: "48250", scale: 2, currencyId: "GBP" as const };
    const words = (v: { balance: string; available: string; limit: string }) =>
      `${v.balance} (available ${v.available}, overdraft ${v.limit})`;
    expect(sourceLabel({ ...s, overdraft: { limit: "1000", available: "49250" } }, "de", words)).toBe(
      "Operating — 48.250,00 GBP (available 49.250,00 GBP, overdraft 1.000,00 GBP)",
    );
    // No overdraft: the balance alone, whatever the wording.
    expect(sourceLabel({ ...s, overdraft: null }, "en", words)).toBe("Operating — 48,250.00 GBP");
  });
});
