import { describe, expect, it } from "vitest";
import type { OrganizationSummary, WhoAmI } from "../../server/api/v1/contract";
import {
  activeOrganization,
  DEFAULT_IDLE_LIMIT_MS,
  idleRemainingMs,
  isIdleExpired,
  isNewOrganization,
  safeReturnTo,
} from "./session-rules";

const org = (id: string, type: OrganizationSummary["type"], createdAt = "2026-01-01T00:00:00.000Z"): OrganizationSummary => ({
  id,
  type,
  fullName: id,
  companyName: null,
  firstName: null,
  lastName: null,
  createdAt,
  currentOfficial: { signatureType: "SINGLE", companyOfficialType: null },
});
const personal = org("p", "INDIVIDUAL");
const company = org("c", "CORPORATE");
const user = {
  organizations: [personal, company],
  activeOrganization: personal,
} as unknown as WhoAmI;

describe("inactivity limit (PSD2 RTS Art. 4(3)(b))", () => {
  const seen = Date.parse("2026-11-24T10:00:00Z");
  it("is 5 minutes by default", () => expect(DEFAULT_IDLE_LIMIT_MS).toBe(300_000));
  it("keeps a session active until the limit, ends it at the limit", () => {
    expect(isIdleExpired(seen, seen + 299_999, DEFAULT_IDLE_LIMIT_MS)).toBe(false);
    expect(isIdleExpired(seen, seen + 300_000, DEFAULT_IDLE_LIMIT_MS)).toBe(true);
    expect(isIdleExpired(seen, seen + 3_600_000, DEFAULT_IDLE_LIMIT_MS)).toBe(true);
  });
  it("counts a session without a timestamp as active now", () => {
    expect(isIdleExpired(undefined, seen, DEFAULT_IDLE_LIMIT_MS)).toBe(false);
    expect(idleRemainingMs(undefined, seen, DEFAULT_IDLE_LIMIT_MS)).toBe(DEFAULT_IDLE_LIMIT_MS);
  });
  it("tells the time left, never below zero", () => {
    expect(idleRemainingMs(seen, seen + 240_000, DEFAULT_IDLE_LIMIT_MS)).toBe(60_000);
    expect(idleRemainingMs(seen, seen + 999_000, DEFAULT_IDLE_LIMIT_MS)).toBe(0);
  });
});

describe("safeReturnTo", () => {
  it("keeps same-origin relative paths with their query", () => {
    expect(safeReturnTo("/history?from=2026-01-01")).toBe("/history?from=2026-01-01");
    expect(safeReturnTo("/payments/euro")).toBe("/payments/euro");
  });
  it("refuses paths whose dot segments resolve to a protocol-relative URL", () => {
    for (const crafted of [
      "/.//evil.example",
      "/%2e//evil.example",
      "/payments/..//evil.example/login",
      "/a/../..//evil.example",
    ])
      expect(safeReturnTo(crafted), crafted).toBeNull();
    // Dot segments that stay on the site are resolved as usual.
    expect(safeReturnTo("/payments/../history")).toBe("/history");
  });
  it("drops Remix data parameters", () => {
    expect(safeReturnTo("/home?_data=routes%2F_app%2B%2Fhome")).toBe("/home");
  });
  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "home",
    "/%0d%0aSet-Cookie:x",
    "/auth/phone",
    "/session/status",
    "/x\u0000y",
  ])("refuses %j", (value) => {
    const out = safeReturnTo(value);
    if (out !== null) expect(new URL(out, "https://bank.test").origin).toBe("https://bank.test");
    if (value && value.startsWith("/%0d")) expect(out === null || !/[\r\n]/.test(out)).toBe(true);
    else expect(out).toBeNull();
  });
});

describe("activeOrganization", () => {
  it("uses the chosen organization when the user is a member", () => {
    expect(activeOrganization(user, "c")).toBe(company);
  });
  it("refuses a foreign or stale id: the default stays", () => {
    expect(activeOrganization(user, "foreign-org")).toBe(personal);
    expect(activeOrganization(user, undefined)).toBe(personal);
  });
});

describe("isNewOrganization (suppresses the other-tab redirect)", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  it("is true within the last hour only", () => {
    expect(isNewOrganization("2026-11-24T11:30:00Z", now)).toBe(true);
    expect(isNewOrganization("2026-11-24T11:00:00Z", now)).toBe(false);
    expect(isNewOrganization("2025-01-01T00:00:00Z", now)).toBe(false);
    expect(isNewOrganization("not a date", now)).toBe(false);
  });
});
