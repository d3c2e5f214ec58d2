import { describe, expect, it } from "vitest";
import { defaultOrganization, type DefaultOrganizationCandidate } from "./default-organization.js";

const org = (id: string, type: DefaultOrganizationCandidate["type"], at: string): DefaultOrganizationCandidate => ({
  id,
  type,
  membershipCreatedAt: new Date(at),
});

describe("defaultOrganization (spec 001 §3)", () => {
  it("empty list → null", () => {
    expect(defaultOrganization([])).toBeNull();
  });

  it("INDIVIDUAL wins even when joined last", () => {
    const list = [
      org("c", "CORPORATE", "2020-01-01"),
      org("o", "COMPANY_OFFICIAL", "2019-01-01"),
      org("i", "INDIVIDUAL", "2025-01-01"),
    ];
    expect(defaultOrganization(list)?.id).toBe("i");
  });

  it("no INDIVIDUAL → earliest CORPORATE membership", () => {
    const list = [
      org("o", "COMPANY_OFFICIAL", "2019-01-01"),
      org("c2", "CORPORATE", "2022-01-01"),
      org("c1", "CORPORATE", "2021-01-01"),
    ];
    expect(defaultOrganization(list)?.id).toBe("c1");
  });

  it("only COMPANY_OFFICIAL → earliest, ties broken by id", () => {
    const list = [
      org("b", "COMPANY_OFFICIAL", "2021-01-01"),
      org("a", "COMPANY_OFFICIAL", "2021-01-01"),
      org("z", "COMPANY_OFFICIAL", "2023-01-01"),
    ];
    expect(defaultOrganization(list)?.id).toBe("a");
  });

  it("same membership time → earlier organization createdAt wins", () => {
    const list = [
      { ...org("a", "CORPORATE", "2021-01-01"), organizationCreatedAt: new Date("2020-06-01") },
      { ...org("b", "CORPORATE", "2021-01-01"), organizationCreatedAt: new Date("2020-01-01") },
    ];
    expect(defaultOrganization(list)?.id).toBe("b");
  });

  it("does not mutate its input", () => {
    const list = [org("c2", "CORPORATE", "2022-01-01"), org("c1", "CORPORATE", "2021-01-01")];
    defaultOrganization(list);
    expect(list.map((o) => o.id)).toEqual(["c2", "c1"]);
  });
});
