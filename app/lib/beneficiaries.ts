/**
 * Saved beneficiaries on the web (spec 000 §2 routes, §3 Beneficiary fields, §4 statuses),
 * client-safe: which fields the create/edit form shows for a payment type and currency, which
 * payment form pays a saved beneficiary, and the badge style of a status. The API
 * (server/domain/beneficiaries/validation.ts) decides validity with the shared field rules.
 */
import type { Beneficiary, BeneficiaryPaymentType, BeneficiaryStatus } from "../../server/api/v1/contract";
import { formatIban } from "../../server/rules/iban-format";
import { formatSortCode } from "../../server/rules/sort-code";

export const PAYMENT_TYPES = [
  "LOCAL",
  "INTERNATIONAL",
  "INTERNAL",
  "CRYPTO_ASSET_PAYMENT",
  "CASH_OVER_COUNTER",
] as const satisfies readonly BeneficiaryPaymentType[];
export const STATUSES = ["DRAFT", "UNDER_REVIEW", "REJECTED", "APPROVED"] as const satisfies readonly BeneficiaryStatus[];

/** LOCAL beneficiaries are paid in EUR (SEPA), GBP (Faster Payments/BACS) or USD (Fedwire). */
export const LOCAL_CURRENCIES = ["EUR", "GBP", "USD"] as const;

export function isPaymentType(v: unknown): v is BeneficiaryPaymentType {
  return typeof v === "string" && (PAYMENT_TYPES as readonly string[]).includes(v);
}
export function isStatus(v: unknown): v is BeneficiaryStatus {
  return typeof v === "string" && (STATUSES as readonly string[]).includes(v);
}

/** Properties every beneficiary form has, in display order. */
export const COMMON_FIELDS = ["beneficiaryType", "name", "nickname", "currencyId"] as const;

/**
 * The payee fields of the form for a payment type (and, for LOCAL, its currency), in display
 * order; they mirror the API's schema per type (contract BeneficiaryInput).
 */
export function payeeFields(paymentType: BeneficiaryPaymentType, currencyId: string | null): string[] {
  switch (paymentType) {
    case "LOCAL":
      if (currencyId === "EUR") return ["iban", "bic", "bankName", "address", "city", "postCode", "countryId"];
      if (currencyId === "GBP") return ["sortCode", "bankAccountNumber", "bankName", "address", "city", "postCode"];
      if (currencyId === "USD") return ["aba", "bankAccountNumber", "bankName", "address", "city", "postCode", "countryId"];
      return [];
    case "INTERNATIONAL":
      return [
        "bic",
        "bankCountry",
        "iban",
        "bankAccountNumber",
        "bankName",
        "bankAddress",
        "address",
        "city",
        "postCode",
        "countryId",
        "useIntermediaryBank",
        "intermediaryBankName",
        "intermediaryBankBIC",
        "intermediaryBankAddress",
        "intermediaryBankCountry",
        "intermediaryBankCorrespondentAccount",
      ];
    case "INTERNAL":
      return ["phone"];
    case "CRYPTO_ASSET_PAYMENT":
      return ["caspId", "walletAddress"];
    case "CASH_OVER_COUNTER":
      return ["collectorContact"];
  }
}

/** Payee fields the API requires for the type (the form marks them required). */
export function requiredPayeeFields(paymentType: BeneficiaryPaymentType, currencyId: string | null): string[] {
  switch (paymentType) {
    case "LOCAL":
      if (currencyId === "EUR") return ["iban", "bic"];
      if (currencyId === "GBP") return ["sortCode", "bankAccountNumber"];
      if (currencyId === "USD") return ["aba", "bankAccountNumber", "address", "city", "countryId"];
      return [];
    case "INTERNATIONAL":
      return ["bic", "bankName", "address", "city", "countryId"];
    case "INTERNAL":
      return ["phone"];
    case "CRYPTO_ASSET_PAYMENT":
      return ["caspId", "walletAddress"];
    case "CASH_OVER_COUNTER":
      return ["collectorContact"];
  }
}

/** Every field name of the form for a type (error summary order; API errors elsewhere are general). */
export function formFields(paymentType: BeneficiaryPaymentType, currencyId: string | null): string[] {
  return [...COMMON_FIELDS, ...payeeFields(paymentType, currencyId)];
}

export { payHref, statusTone } from "./beneficiary-links";

/** A beneficiary the customer may still change (API: DRAFT and REJECTED; any when no approval is required). */
export function isEditable(status: BeneficiaryStatus, approvalRequired: boolean): boolean {
  return !approvalRequired || status === "DRAFT" || status === "REJECTED";
}

/**
 * The account shown in lists: IBAN (in groups of four, as the account page prints it), else the
 * account number with what routes it — the sort code in pairs before a UK account number
 * ("20-00-00 55779911", as a UK statement prints it), the ABA routing number before a US one —,
 * else the wallet, phone or collector contact, whichever the type has.
 */
export function accountLabel(
  b: Pick<Beneficiary, "iban" | "bankAccountNumber" | "sortCode" | "aba" | "walletAddress" | "phone" | "collectorContact">,
): string {
  if (b.iban) return formatIban(b.iban);
  if (b.bankAccountNumber) {
    const routing = b.sortCode ? formatSortCode(b.sortCode) : b.aba;
    return routing ? `${routing} ${b.bankAccountNumber}` : b.bankAccountNumber;
  }
  return b.walletAddress ?? b.phone ?? b.collectorContact ?? "";
}
