/**
 * What the /services page offers (spec 000 §2: "services" is a target of the header and of the
 * mobile tab bar; its contents are not in the spec: docs/decisions.md "The services page").
 * Everything a customer does besides paying, grouped, each entry shown only when the same rule
 * as elsewhere in the app lets this customer use it:
 * - company officials (spec 000 §6: no accounts column, no history, no beneficiaries) get no
 *   beneficiaries, history, fees, FX requests or cards; an exchange without accounts opens the
 *   no-accounts popup (lib/payment-options `NO_ACCOUNTS_PROMPT`);
 * - FX rate requests only with the custom rate enabled, remittance orders only with
 *   PAYMENTS-ORDERS-ENABLED (spec 000 §2, spec 001 §6);
 * - company users only for a main representative (lib/profile-menu `companyUsersHref`);
 * - "open an account" for a company official invited to a personal account (spec 001 §2), or
 *   for a customer whose organization has no account yet.
 * Cards and accounts are listed by the page from the signed-in layout's data (no second read).
 */
import { NO_ACCOUNTS_PROMPT } from "./payment-options";

/** One entry: its i18n id (`common:services.items.<id>.title|text`) and where it leads. */
export interface ServiceEntry {
  id: ServiceId;
  href: string;
}

export type ServiceId =
  | "exchange"
  | "fx-requests"
  | "remittance"
  | "beneficiaries"
  | "history"
  | "fees"
  | "order-card"
  | "profile"
  | "organizations"
  | "company-users"
  | "agreements"
  | "code-channel"
  | "open-account"
  | "chat";

/** A group of entries (`common:services.groups.<id>`); groups without entries are left out. */
export interface ServiceGroup {
  id: "money" | "accounts" | "profile" | "help";
  entries: ServiceEntry[];
}

/** What decides the entries: all read by the page's loader or the signed-in layout. */
export interface ServicesInput {
  organizationType: "INDIVIDUAL" | "CORPORATE" | "COMPANY_OFFICIAL";
  /** The active organization has at least one account. */
  hasAccounts: boolean;
  /** PAYMENTS-ORDERS-ENABLED for the organization (GET /v1/settings/payments). */
  ordersEnabled: boolean;
  /** FX rate requests enabled (GET /v1/settings/exchange-custom-rate). */
  customRate: boolean;
  /** /profile/companies/{id}/cof for a main representative, else null. */
  companyUsersHref: string | null;
  /** A company official invited to open a personal account (lib/personal-account-invitation). */
  openAccountInvitation: boolean;
  /** The user belongs to more than one organization (the switcher is worth a link). */
  severalOrganizations: boolean;
}

/**
 * The groups of the services page, in display order.
 * @returns non-empty groups; each entry's href is a path of this app
 */
export function serviceGroups(input: ServicesInput): ServiceGroup[] {
  const official = input.organizationType === "COMPANY_OFFICIAL";
  const money: ServiceEntry[] = [{ id: "exchange", href: input.hasAccounts ? "/currency-exchange" : NO_ACCOUNTS_PROMPT }];
  if (input.customRate && !official) money.push({ id: "fx-requests", href: "/currency-exchange/requests" });
  if (input.ordersEnabled) money.push({ id: "remittance", href: "/payments/remittance" });
  if (!official) money.push({ id: "beneficiaries", href: "/beneficiaries" });

  const accounts: ServiceEntry[] = [];
  if (!official) {
    accounts.push({ id: "history", href: "/history" }, { id: "fees", href: "/home?tab=fees" });
    if (input.hasAccounts) accounts.push({ id: "order-card", href: "/cards/order-card" });
  }
  if (input.openAccountInvitation) accounts.push({ id: "open-account", href: "/identity/individual/personal-data" });
  else if (!input.hasAccounts && !official) accounts.push({ id: "open-account", href: "/identity" });

  const profile: ServiceEntry[] = [{ id: "profile", href: "/profile" }];
  if (input.severalOrganizations) profile.push({ id: "organizations", href: "/profile/organizations" });
  if (input.companyUsersHref) profile.push({ id: "company-users", href: input.companyUsersHref });
  profile.push({ id: "agreements", href: "/profile/agreements" }, { id: "code-channel", href: "/profile/code-channel" });

  const groups: ServiceGroup[] = [
    { id: "money", entries: money },
    { id: "accounts", entries: accounts },
    { id: "profile", entries: profile },
    { id: "help", entries: [{ id: "chat", href: "/chat" }] },
  ];
  return groups.filter((g) => g.entries.length > 0);
}
