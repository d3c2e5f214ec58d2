/**
 * Transfer chooser visibility (spec 000 §2 "Payments page / transfer chooser").
 * Each option is shown only when its condition holds; inputs are the user's accounts
 * (with balances) and the payments settings from GET /v1/settings/payments.
 */
import type {
  Account,
  CurrencyCode,
  OrganizationType,
  PaymentsSettings,
  ProviderPaymentTypeCode,
} from "../../server/api/v1/contract";

/** Options of the chooser, in display order. */
export type PaymentOptionId =
  | "internal"
  | "between-accounts"
  | "euro"
  | "gbp"
  | "usd"
  | "currency-exchange"
  | "international"
  | "casp"
  | "remittance"
  | "cash-over";

/** One visible option: where it links and its i18n label key (`payments:options.<id>`). */
export interface PaymentOption {
  id: PaymentOptionId;
  /** With no accounts every option links to the no-accounts prompt instead (`NO_ACCOUNTS_PROMPT`). */
  href: string;
}

/**
 * Provider payment types of "SEPA kind" (spec 000 §2 Euro option). SEPA_SCT (credit transfer),
 * SEPA_SCT_INST (instant) and TARGET_2 (the Eurosystem RTGS, also EUR-only) all settle euro
 * payments, so each counts as SEPA kind.
 */
export const SEPA_KIND_TYPES: readonly ProviderPaymentTypeCode[] = ["SEPA_SCT", "SEPA_SCT_INST", "TARGET_2"];

/** Pound scheme types (spec 000 §2 Pound option). */
export const GBP_KIND_TYPES: readonly ProviderPaymentTypeCode[] = ["FASTER_PAYMENT", "BACS"];

/**
 * Where a payment or exchange leads a user without accounts: the no-accounts popup on the
 * payments page (spec 000 §6 "Users without accounts … get a no-accounts popup when trying
 * payments or exchange"; §2 "actions open popups instead of navigating" for company officials).
 */
export const NO_ACCOUNTS_PROMPT = "/payments?prompt=no-accounts";

/**
 * Where the no-accounts popup's 'open an account' link leads (spec 000 §2 route list):
 * a company official with no account opens a personal one at /identity/individual/personal-data;
 * anyone else starts an application at /identity (the applications list).
 * @param organizationType the active organization's type
 * @returns a path of this app
 */
export function openAccountHref(organizationType: OrganizationType): string {
  return organizationType === "COMPANY_OFFICIAL" ? "/identity/individual/personal-data" : "/identity";
}

/**
 * Compute the visible transfer options.
 * @param accounts the active organization's accounts (with balances)
 * @param settings GET /v1/settings/payments answer
 * @returns visible options in display order; with no accounts each links to `NO_ACCOUNTS_PROMPT`
 *   (the options themselves still follow their conditions: internal, exchange, international,
 *   remittance can show without a balance)
 */
export function paymentOptions(accounts: readonly Pick<Account, "balances">[], settings: PaymentsSettings): PaymentOption[] {
  const held = new Set<CurrencyCode>();
  for (const account of accounts) for (const balance of account.balances) held.add(balance.currencyId);

  const types = settings.paymentTypes ?? [];
  const typeWith = (codes: readonly ProviderPaymentTypeCode[], test: (c: CurrencyCode) => boolean) =>
    types.some((t) => codes.includes(t.type) && t.currencies.some(test));

  const options: PaymentOption[] = [];
  // Internal: always.
  options.push({ id: "internal", href: "/payments/internal" });
  // Between own accounts: only with more than one account.
  if (accounts.length > 1) options.push({ id: "between-accounts", href: "/payments/between-accounts" });
  // Euro: a EUR balance and a SEPA-kind type with EUR.
  if (held.has("EUR") && typeWith(SEPA_KIND_TYPES, (c) => c === "EUR")) options.push({ id: "euro", href: "/payments/euro" });
  // Pound: a GBP balance and Faster Payment or BACS with GBP.
  if (held.has("GBP") && typeWith(GBP_KIND_TYPES, (c) => c === "GBP")) options.push({ id: "gbp", href: "/payments/gbp" });
  // USD: a Fedwire type with a currency matching an account balance.
  if (typeWith(["FEDWIRE"], (c) => held.has(c))) options.push({ id: "usd", href: "/payments/usd" });
  // Currency exchange: always.
  options.push({ id: "currency-exchange", href: "/currency-exchange" });
  // International: a SWIFT type with any currency.
  if (typeWith(["SWIFT"], () => true)) options.push({ id: "international", href: "/payments/international" });
  // Crypto-asset: a crypto payment type with currencies and a matching balance.
  if (typeWith(["CRYPTO_ASSET_PAYMENT"], (c) => held.has(c))) options.push({ id: "casp", href: "/payments/casp" });
  // Remittance order: payments setting PAYMENTS-ORDERS-ENABLED.
  if (settings["PAYMENTS-ORDERS-ENABLED"] === true) options.push({ id: "remittance", href: "/payments/remittance" });
  // Cash over the counter: a CASH_OVER_COUNTER type with a matching balance.
  if (typeWith(["CASH_OVER_COUNTER"], (c) => held.has(c))) options.push({ id: "cash-over", href: "/payments/cash-over" });
  // Without an account nothing can be paid or exchanged: every option opens the prompt.
  if (accounts.length === 0) return options.map((o) => ({ ...o, href: NO_ACCOUNTS_PROMPT }));
  return options;
}
