import { describe, expect, it } from "vitest";
import { backTarget, isWideTooltip, parseOpenedAccounts, withOpenedAccount } from "./layout-widgets";

describe("backTarget (spec 000 §2, §9: history longer than 2)", () => {
  it("follows the given link whatever the history", () => {
    expect(backTarget({ to: "/beneficiaries", fallback: "/home", historyLength: 10 })).toEqual({ href: "/beneficiaries" });
  });
  it("goes back through the history only above 2 entries", () => {
    expect(backTarget({ fallback: "/home", historyLength: 3 })).toEqual({ history: true });
    expect(backTarget({ fallback: "/home", historyLength: 2 })).toEqual({ href: "/home" });
    expect(backTarget({ fallback: "/home", historyLength: 1 })).toEqual({ href: "/home" });
  });
});

describe("isWideTooltip (spec 000 §5: over 40 characters)", () => {
  it("is narrow up to 40 characters and wide from 41", () => {
    expect(isWideTooltip("x".repeat(40))).toBe(false);
    expect(isWideTooltip("x".repeat(41))).toBe(true);
  });
  it("counts characters, not UTF-16 units", () => {
    expect(isWideTooltip("💶".repeat(40))).toBe(false);
  });
});

describe("opened accounts in local storage", () => {
  it("reads only boolean entries and survives garbage", () => {
    expect(parseOpenedAccounts(null)).toEqual({});
    expect(parseOpenedAccounts("not json")).toEqual({});
    expect(parseOpenedAccounts("[1,2]")).toEqual({});
    expect(parseOpenedAccounts('{"a":false,"b":"yes","c":true}')).toEqual({ a: false, c: true });
  });
  it("records a toggle and drops accounts the user no longer has", () => {
    const stored = withOpenedAccount({ a: false, gone: false }, "b", false, ["a", "b"]);
    expect(JSON.parse(stored)).toEqual({ a: false, b: false });
    expect(JSON.parse(withOpenedAccount({ a: false }, "a", true, ["a"]))).toEqual({ a: true });
  });
});
