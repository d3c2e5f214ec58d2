import { describe, expect, it } from "vitest";
import { serviceGroups, type ServicesInput } from "./services";

const base: ServicesInput = {
  organizationType: "INDIVIDUAL",
  hasAccounts: true,
  ordersEnabled: false,
  customRate: false,
  companyUsersHref: null,
  openAccountInvitation: false,
  severalOrganizations: false,
};
const entries = (input: Partial<ServicesInput>) =>
  Object.fromEntries(serviceGroups({ ...base, ...input }).flatMap((g) => g.entries.map((e) => [e.id, e.href])));

describe("serviceGroups (docs/decisions.md 'The services page')", () => {
  it("an individual with accounts: exchange, beneficiaries, history, fees, a card, profile and chat", () => {
    expect(serviceGroups(base).map((g) => [g.id, g.entries.map((e) => e.id)])).toEqual([
      ["money", ["exchange", "beneficiaries"]],
      ["accounts", ["history", "fees", "order-card"]],
      ["profile", ["profile", "agreements", "code-channel"]],
      ["help", ["chat"]],
    ]);
    expect(entries({}).exchange).toBe("/currency-exchange");
  });

  it("FX requests follow the custom rate, remittance the orders setting", () => {
    expect(entries({})).not.toHaveProperty("fx-requests");
    expect(entries({})).not.toHaveProperty("remittance");
    expect(entries({ customRate: true })["fx-requests"]).toBe("/currency-exchange/requests");
    expect(entries({ ordersEnabled: true }).remittance).toBe("/payments/remittance");
  });

  it("without accounts: exchange opens the no-accounts popup, no card to order, an account to open", () => {
    const e = entries({ hasAccounts: false });
    expect(e.exchange).toBe("/payments?prompt=no-accounts");
    expect(e).not.toHaveProperty("order-card");
    expect(e["open-account"]).toBe("/identity");
  });

  it("a company official: no beneficiaries, history, fees, FX requests or cards (spec 000 §6)", () => {
    const e = entries({ organizationType: "COMPANY_OFFICIAL", hasAccounts: false, customRate: true });
    expect(Object.keys(e)).toEqual(["exchange", "profile", "agreements", "code-channel", "chat"]);
    expect(e.exchange).toBe("/payments?prompt=no-accounts");
  });

  it("a company official invited to a personal account is offered one", () => {
    const e = entries({ organizationType: "COMPANY_OFFICIAL", hasAccounts: false, openAccountInvitation: true });
    expect(e["open-account"]).toBe("/identity/individual/personal-data");
  });

  it("company users for a main representative; the organization switcher with several organizations", () => {
    const e = entries({
      organizationType: "CORPORATE",
      companyUsersHref: "/profile/companies/o1/cof",
      severalOrganizations: true,
    });
    expect(e["company-users"]).toBe("/profile/companies/o1/cof");
    expect(e.organizations).toBe("/profile/organizations");
    expect(entries({ organizationType: "CORPORATE" })).not.toHaveProperty("company-users");
  });
});
