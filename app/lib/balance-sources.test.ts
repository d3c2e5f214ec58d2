import { describe, expect, it } from "vitest";
import type { Account } from "../../server/api/v1/contract";
import { balanceSources, parseSource, sourceLabel } from "./balance-sources";

const account = (id: string, name: string, balances: [string, string][]) =>
  ({
    id,
    name,
    number: id,
    balances: balances.map(([currencyId, amount]) => ({ id: id + currencyId, currencyId, amount, currency: { scale: 2 } })),
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
    expect(balanceSources(accounts).map((s) => [s.value, s.label])).toEqual([
      ["a1:GBP", "Main — 1,250.00 GBP"],
      ["a1:EUR", "Main — 10.50 EUR"],
      ["a2:EUR", "a2 — 0.00 EUR"],
    ]);
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
});
