import { describe, expect, it } from "vitest";
import { backTarget, isWideTooltip } from "./layout-widgets";

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
