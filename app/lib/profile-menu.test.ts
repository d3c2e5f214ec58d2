import { describe, expect, it } from "vitest";
import type { OrganizationSummary, WhoAmI } from "../../server/api/v1/contract";
import { profileMenu } from "./profile-menu";

const org = (
  id: string,
  type: OrganizationSummary["type"],
  companyOfficialType: OrganizationSummary["currentOfficial"]["companyOfficialType"] = null,
): OrganizationSummary => ({
  id,
  type,
  fullName: `Org ${id}`,
  companyName: null,
  firstName: null,
  lastName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  currentOfficial: { signatureType: "SINGLE", companyOfficialType },
});
const whoami = (organizations: OrganizationSummary[], identified = true, firstName: string | null = "James"): WhoAmI =>
  ({
    organizations,
    activeOrganization: organizations[0] ?? null,
    identified,
    profile: { firstName, lastName: firstName ? "Patel" : null, dob: null, nationalityId: null },
  }) as unknown as WhoAmI;

describe("profileMenu (spec 001 §2 Profile popup, §6)", () => {
  const personal = org("p", "INDIVIDUAL");
  const corp = org("c", "CORPORATE", "MAIN_REPRESENTATIVE");
  it("corporate main representative: companies, personal entry and the company users link", () => {
    const menu = profileMenu(whoami([personal, corp]), corp);
    expect(menu.fullName).toBe("James Patel");
    expect(menu.companies.map((o) => [o.id, o.active])).toEqual([["c", true]]);
    expect(menu.personal).toMatchObject({ id: "p", active: false });
    expect(menu.companyUsersHref).toBe("/profile/companies/c/cof");
  });
  it("the personal entry of a corporate customer without a personal profile: where to open one", () => {
    expect(profileMenu(whoami([corp]), corp)).toMatchObject({ personal: null, openPersonalHref: "/identity" });
    expect(profileMenu(whoami([personal, corp]), corp).openPersonalHref).toBeNull();
    // Not offered to a company official or an individual from the menu (the home page invites an official).
    const official = org("o", "COMPANY_OFFICIAL");
    expect(profileMenu(whoami([official]), official).openPersonalHref).toBeNull();
  });
  it("no company users link for another official type or for an individual", () => {
    const director = org("d", "CORPORATE", "DIRECTOR");
    expect(profileMenu(whoami([director]), director).companyUsersHref).toBeNull();
    expect(profileMenu(whoami([personal, corp]), personal).companyUsersHref).toBeNull();
  });
  it("individuals and company officials see companies only when identified or in demo mode", () => {
    const official = org("o", "COMPANY_OFFICIAL");
    expect(profileMenu(whoami([personal, corp], false), personal).companies).toEqual([]);
    expect(profileMenu(whoami([personal, corp], false), personal, { demo: true }).companies).toHaveLength(1);
    expect(profileMenu(whoami([official], true), official).companies).toHaveLength(1);
    expect(profileMenu(whoami([official], false), official).personal).toBeNull();
  });
  it("any other customer: only the applications link, a generic title without a name", () => {
    const menu = profileMenu(whoami([], true, null), null);
    expect(menu).toEqual({
      fullName: null,
      companies: [],
      personal: null,
      openPersonalHref: null,
      companyUsersHref: null,
      showProfile: false,
    });
  });
});
