/**
 * Validation of a saved beneficiary (spec 000 §3 Beneficiary fields; contract BeneficiaryInput):
 * ONE zod schema per beneficiary payment type (LOCAL, INTERNATIONAL, INTERNAL,
 * CRYPTO_ASSET_PAYMENT, CASH_OVER_COUNTER), joined as a discriminated union on `paymentType`.
 *
 * Each schema checks the shape (types, lengths, enums) and then the payee with the shared field
 * rules of server/rules (the ones the payment rails and the web forms use), and normalises the
 * values to the formats the rails read back from a saved beneficiary (`rails/*` `fromBody`):
 * IBAN electronic format, BIC upper case, sort code as 6 digits, ABA as 9 digits, phones in E.164.
 * Errors are field errors named after the contract properties; the constraint id is the rule's
 * error code (`required`, `invalid`, `format`, `checksum` …) or, for plain fields, the rails' ids
 * (`isNotEmpty`, `isCountry`, `isPhone`, `matchesBic` …), so the web can translate them.
 * All field errors of a request are reported at once (a form shows them together).
 *
 * The checks that need the database (the currency exists, the CASP and its network) are made by
 * the domain after parsing (`./index.ts`).
 */
import { z } from "zod";
import type { BeneficiaryPaymentType, BeneficiaryType } from "../../api/v1/contract.js";
import { validateAbaRoutingNumber, validateUsAccountNumber } from "../../rules/aba.js";
import { isCountryCode } from "../../rules/country.js";
import { isIbanCountry, validateBic, validateForeignAccountNumber, validateIban, validateSepaIban } from "../../rules/iban.js";
import { validateSortCode, validateUkAccountNumber } from "../../rules/sort-code.js";
import { optionalFlag, optionalText } from "../payments/rails/shared.js";

/** Beneficiary payment types (spec 000 §3 Enumerations). */
export const BENEFICIARY_PAYMENT_TYPES = [
  "LOCAL",
  "INTERNATIONAL",
  "INTERNAL",
  "CRYPTO_ASSET_PAYMENT",
  "CASH_OVER_COUNTER",
] as const satisfies readonly BeneficiaryPaymentType[];

/** Beneficiary and contract statuses (spec 000 §3 Enumerations, §4). */
export const BENEFICIARY_STATUSES = ["DRAFT", "UNDER_REVIEW", "REJECTED", "APPROVED"] as const;

/** Currencies of LOCAL beneficiaries: EUR (SEPA), GBP (Faster Payments/BACS), USD (Fedwire). */
export const LOCAL_CURRENCIES = ["EUR", "GBP", "USD"] as const;

/** Phone in international format (E.164), as the cash rail and the login take it. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * The payee columns of a beneficiary, as stored (`beneficiaries` table). A parsed beneficiary
 * sets every one of them (null where its payment type has none), so an edit that changes the
 * payment type leaves nothing of the old one behind.
 */
export interface PayeeColumns {
  iban: string | null;
  bic: string | null;
  sortCode: string | null;
  bankAccountNumber: string | null;
  aba: string | null;
  countryId: string | null;
  bankName: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postCode: string | null;
  bankAddress: string | null;
  bankCountry: string | null;
  caspId: string | null;
  walletAddress: string | null;
  collectorContact: string | null;
  useIntermediaryBank: boolean;
  intermediaryBankName: string | null;
  intermediaryBankBIC: string | null;
  intermediaryBankAddress: string | null;
  intermediaryBankCountry: string | null;
  intermediaryBankCorrespondentAccount: string | null;
}

/** A beneficiary as validated and normalised: the columns to store (status aside). */
export interface ParsedBeneficiary extends PayeeColumns {
  name: string;
  nickname: string | null;
  beneficiaryType: BeneficiaryType;
  paymentType: BeneficiaryPaymentType;
  currencyId: string;
}

const EMPTY: PayeeColumns = {
  iban: null,
  bic: null,
  sortCode: null,
  bankAccountNumber: null,
  aba: null,
  countryId: null,
  bankName: null,
  phone: null,
  address: null,
  city: null,
  postCode: null,
  bankAddress: null,
  bankCountry: null,
  caspId: null,
  walletAddress: null,
  collectorContact: null,
  useIntermediaryBank: false,
  intermediaryBankName: null,
  intermediaryBankBIC: null,
  intermediaryBankAddress: null,
  intermediaryBankCountry: null,
  intermediaryBankCorrespondentAccount: null,
};

/** Required text: trimmed, at most `max` characters; missing or blank → `isNotEmpty`. */
export const requiredText = (field: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : typeof v === "string" ? v.trim() : v),
    z
      .string()
      .max(max, `${field} must be at most ${max} characters`)
      .superRefine((v, ctx) => {
        if (v === "") ctx.addIssue({ code: "custom", params: { rule: "isNotEmpty" }, message: `${field} should not be empty` });
      }),
  );

/** Properties every beneficiary has, whatever its payment type. */
const common = {
  name: requiredText("name", 140),
  nickname: optionalText(70),
  beneficiaryType: z.enum(["INDIVIDUAL", "COMPANY"]),
  currencyId: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().min(3).max(8)),
};

/** Collects field errors (zod issues with `params.rule`, read by domain/errors `fieldErrors`). */
class Issues {
  constructor(private readonly ctx: z.RefinementCtx) {}
  /** A field error on `field` with constraint id `rule`. */
  add(field: string, rule: string, message: string): void {
    this.ctx.addIssue({ code: "custom", path: [field], params: { rule }, message });
  }
  /** A server/rules result's value, or a field error whose constraint is the rule's error code (undefined then). */
  rule<R extends { ok: true } | { ok: false; error: string }>(
    field: string,
    result: R,
    messages: Record<string, string> = {},
  ): Extract<R, { ok: true }> | undefined {
    if (result.ok) return result as Extract<R, { ok: true }>;
    const { error } = result as { ok: false; error: string };
    this.add(field, error, messages[error] ?? `${field} is invalid`);
    return undefined;
  }
  /** A non-empty text, or `isNotEmpty` on `field`. */
  required(field: string, value: string | undefined): string | null {
    if (value === undefined || value === "") {
      this.add(field, "isNotEmpty", `${field} should not be empty`);
      return null;
    }
    return value;
  }
  /** An ISO 3166-1 alpha-2 code (upper-cased), or `isNotEmpty` / `isCountry` on `field`. */
  country(field: string, value: string | undefined, optional = false): string | null {
    if (value === undefined || value === "") return optional ? null : this.required(field, value);
    const code = value.toUpperCase();
    if (!isCountryCode(code)) {
      this.add(field, "isCountry", `${field} must be an ISO 3166-1 alpha-2 country code`);
      return null;
    }
    return code;
  }
  /** A phone in E.164 (spaces, dashes and brackets dropped), or `isNotEmpty` / `isPhone` on `field`. */
  phone(field: string, value: string | undefined): string | null {
    const phone = this.required(field, value)?.replace(/[\s()-]/g, "");
    if (phone === undefined || phone === null) return null;
    if (!E164.test(phone)) {
      this.add(field, "isPhone", `${field} must be a phone number in international format, e.g. +447700900123`);
      return null;
    }
    return phone;
  }
}

const IBAN_MESSAGES = {
  required: "iban should not be empty",
  invalid: "iban must be a valid IBAN",
  "not-sepa": "iban must be the IBAN of a SEPA country",
};
const bicMessages = (field: string) => ({ required: `${field} should not be empty`, invalid: `${field} must be a valid BIC` });

// ------------------------------------------------------------------ one schema per payment type

/** LOCAL: EUR → IBAN (SEPA) + BIC; GBP → sort code + 8-digit account; USD → ABA + account + address, city, country. */
const localFields = {
  paymentType: z.literal("LOCAL"),
  iban: optionalText(42),
  bic: optionalText(11),
  sortCode: optionalText(12),
  aba: optionalText(12),
  bankAccountNumber: optionalText(20),
  address: optionalText(140),
  city: optionalText(70),
  postCode: optionalText(16),
  countryId: optionalText(2),
  bankName: optionalText(140),
};
type LocalInput = z.infer<z.ZodObject<typeof common & typeof localFields>>;

function checkLocal(v: LocalInput, i: Issues): PayeeColumns {
  const out: PayeeColumns = { ...EMPTY, bankName: v.bankName ?? null, postCode: v.postCode ?? null };
  const currencyId = v.currencyId;
  if (currencyId === "EUR") {
    out.iban = i.rule("iban", validateSepaIban(v.iban), IBAN_MESSAGES)?.iban ?? null;
    out.bic = i.rule("bic", validateBic(v.bic), bicMessages("bic"))?.bic ?? null;
    out.countryId = i.country("countryId", v.countryId, true) ?? out.iban?.slice(0, 2) ?? null;
    out.address = v.address ?? null;
    out.city = v.city ?? null;
  } else if (currencyId === "GBP") {
    out.sortCode =
      i.rule("sortCode", validateSortCode(v.sortCode), {
        required: "sortCode should not be empty",
        format: "sortCode must be 6 digits, e.g. 12-34-56",
      })?.sortCode ?? null;
    out.bankAccountNumber =
      i.rule("bankAccountNumber", validateUkAccountNumber(v.bankAccountNumber), {
        required: "bankAccountNumber should not be empty",
        format: "bankAccountNumber must be 8 digits",
      })?.accountNumber ?? null;
    out.countryId = i.country("countryId", v.countryId, true) ?? "GB";
    out.address = v.address ?? null;
    out.city = v.city ?? null;
  } else if (currencyId === "USD") {
    out.aba =
      i.rule("aba", validateAbaRoutingNumber(v.aba), {
        required: "aba should not be empty",
        format: "aba must be 9 digits",
        prefix: "aba is not a Federal Reserve routing number",
        checksum: "aba check digit is wrong: please check the routing number",
      })?.routingNumber ?? null;
    out.bankAccountNumber =
      i.rule("bankAccountNumber", validateUsAccountNumber(v.bankAccountNumber), {
        required: "bankAccountNumber should not be empty",
        format: "bankAccountNumber must be 4 to 17 digits",
      })?.accountNumber ?? null;
    out.address = i.required("address", v.address);
    out.city = i.required("city", v.city);
    out.countryId = i.country("countryId", v.countryId);
  } else {
    i.add("currencyId", "isLocalCurrency", "currencyId of a LOCAL beneficiary must be EUR, GBP or USD");
  }
  return out;
}

/** INTERNATIONAL (SWIFT), mirroring rails/swift.ts: BIC, IBAN for IBAN countries else an account number, addresses, optional intermediary bank. */
const internationalFields = {
  paymentType: z.literal("INTERNATIONAL"),
  bic: optionalText(11),
  iban: optionalText(42),
  bankAccountNumber: optionalText(40),
  address: optionalText(140),
  city: optionalText(70),
  postCode: optionalText(16),
  countryId: optionalText(2),
  bankName: optionalText(140),
  bankAddress: optionalText(140),
  bankCountry: optionalText(2),
  useIntermediaryBank: optionalFlag,
  intermediaryBankName: optionalText(140),
  intermediaryBankBIC: optionalText(11),
  intermediaryBankAddress: optionalText(140),
  intermediaryBankCountry: optionalText(2),
  intermediaryBankCorrespondentAccount: optionalText(40),
};
type InternationalInput = z.infer<z.ZodObject<typeof internationalFields>>;

function checkInternational(v: InternationalInput, i: Issues): PayeeColumns {
  const out: PayeeColumns = { ...EMPTY, postCode: v.postCode ?? null, bankAddress: v.bankAddress ?? null };
  out.bic = i.rule("bic", validateBic(v.bic), bicMessages("bic"))?.bic ?? null;
  // The bank's country defaults to the BIC's; with no valid BIC and none given, only the BIC is wrong.
  const bankCountry = v.bankCountry ?? out.bic?.slice(4, 6);
  out.bankCountry = bankCountry === undefined && !out.bic ? null : i.country("bankCountry", bankCountry);
  const matches = !out.bic || !out.bankCountry || out.bic.slice(4, 6) === out.bankCountry;
  if (!matches) i.add("bankCountry", "matchesBic", "bankCountry must be the country of the BIC (its 5th and 6th letters)");
  if (out.bankCountry && isIbanCountry(out.bankCountry)) {
    out.iban =
      i.rule("iban", validateIban(v.iban), {
        ...IBAN_MESSAGES,
        required: `iban should not be empty: ${out.bankCountry} banks use IBANs`,
      })?.iban ?? null;
    if (matches && out.iban && out.iban.slice(0, 2) !== out.bankCountry)
      i.add("iban", "matchesBank", "iban must be of the bank's country");
  } else if (out.bankCountry) {
    out.bankAccountNumber =
      i.rule("bankAccountNumber", validateForeignAccountNumber(v.bankAccountNumber), {
        required: "bankAccountNumber should not be empty",
        format: "bankAccountNumber must be up to 34 letters or digits",
      })?.accountNumber ?? null;
  }
  out.address = i.required("address", v.address);
  out.city = i.required("city", v.city);
  out.countryId = i.country("countryId", v.countryId);
  out.bankName = i.required("bankName", v.bankName);
  out.useIntermediaryBank = v.useIntermediaryBank ?? false;
  if (out.useIntermediaryBank) {
    out.intermediaryBankName = i.required("intermediaryBankName", v.intermediaryBankName);
    out.intermediaryBankBIC =
      i.rule("intermediaryBankBIC", validateBic(v.intermediaryBankBIC), bicMessages("intermediaryBankBIC"))?.bic ?? null;
    out.intermediaryBankAddress = v.intermediaryBankAddress ?? null;
    const intermediaryCountry = v.intermediaryBankCountry ?? out.intermediaryBankBIC?.slice(4, 6);
    out.intermediaryBankCountry =
      intermediaryCountry === undefined && !out.intermediaryBankBIC
        ? null
        : i.country("intermediaryBankCountry", intermediaryCountry);
    out.intermediaryBankCorrespondentAccount = v.intermediaryBankCorrespondentAccount ?? null;
  }
  return out;
}

/** INTERNAL: another customer of the bank, by phone (E.164). */
const internalFields = { paymentType: z.literal("INTERNAL"), phone: optionalText(20) };

/** CRYPTO_ASSET_PAYMENT: CASP and wallet address (checked against the CASP's network by the domain). */
const cryptoFields = {
  paymentType: z.literal("CRYPTO_ASSET_PAYMENT"),
  caspId: optionalText(64),
  walletAddress: optionalText(128),
};

/** CASH_OVER_COUNTER: the collector's phone (E.164). */
const cashFields = { paymentType: z.literal("CASH_OVER_COUNTER"), collectorContact: optionalText(20) };

/** One zod object per payment type (shape only; the payee checks follow in `toColumns`). */
const shapes = {
  LOCAL: z.object({ ...common, ...localFields }).strip(),
  INTERNATIONAL: z.object({ ...common, ...internationalFields }).strip(),
  INTERNAL: z.object({ ...common, ...internalFields }).strip(),
  CRYPTO_ASSET_PAYMENT: z.object({ ...common, ...cryptoFields }).strip(),
  CASH_OVER_COUNTER: z.object({ ...common, ...cashFields }).strip(),
} satisfies Record<BeneficiaryPaymentType, z.AnyZodObject>;

type ShapeInput = z.infer<(typeof shapes)[BeneficiaryPaymentType]>;

/** The payee checks of each payment type: shape → stored columns, adding field errors to `i`. */
function toColumns(v: ShapeInput, i: Issues): PayeeColumns {
  switch (v.paymentType) {
    case "LOCAL":
      return checkLocal(v, i);
    case "INTERNATIONAL":
      return checkInternational(v, i);
    case "INTERNAL":
      return { ...EMPTY, phone: i.phone("phone", v.phone) };
    case "CRYPTO_ASSET_PAYMENT":
      // The address's network depends on the CASP (a database row): checked by the domain.
      return { ...EMPTY, caspId: i.required("caspId", v.caspId), walletAddress: i.required("walletAddress", v.walletAddress) };
    case "CASH_OVER_COUNTER":
      return { ...EMPTY, collectorContact: i.phone("collectorContact", v.collectorContact) };
  }
}

/** Shape → ParsedBeneficiary, or the collected field errors. */
const normalise = (v: ShapeInput, ctx: z.RefinementCtx): ParsedBeneficiary => {
  const columns = toColumns(v, new Issues(ctx));
  return {
    ...columns,
    name: v.name,
    nickname: v.nickname ?? null,
    beneficiaryType: v.beneficiaryType,
    paymentType: v.paymentType,
    currencyId: v.currencyId,
  };
};

const organization = { organizationId: z.string().uuid() };

/**
 * Body of POST /v1/beneficiaries (contract BeneficiaryInput): the organization, the common
 * properties and the payee of its payment type, validated and normalised.
 * Output: `ParsedBeneficiary & { organizationId }`. Errors: zod issues per property; the payee
 * rules' issues carry `params.rule` (the server/rules error code) for `fieldErrors`.
 */
export const createBeneficiarySchema = z
  .discriminatedUnion("paymentType", [
    shapes.LOCAL.extend(organization),
    shapes.INTERNATIONAL.extend(organization),
    shapes.INTERNAL.extend(organization),
    shapes.CRYPTO_ASSET_PAYMENT.extend(organization),
    shapes.CASH_OVER_COUNTER.extend(organization),
  ])
  .transform((v, ctx) => ({ ...normalise(v, ctx), organizationId: v.organizationId }));

/** Body of PUT /v1/beneficiaries/:id (contract BeneficiaryUpdate): as create, without the organization (a full replacement). */
export const updateBeneficiarySchema = z
  .discriminatedUnion("paymentType", [
    shapes.LOCAL,
    shapes.INTERNATIONAL,
    shapes.INTERNAL,
    shapes.CRYPTO_ASSET_PAYMENT,
    shapes.CASH_OVER_COUNTER,
  ])
  .transform((v, ctx) => normalise(v, ctx));

/** Body of PUT /v1/beneficiaries/:id/status (contract BeneficiaryStatusRequest): only UNDER_REVIEW may be asked for. */
export const beneficiaryStatusSchema = z.object({
  status: z.enum(BENEFICIARY_STATUSES).refine((s) => s === "UNDER_REVIEW", {
    message: "status can only be set to UNDER_REVIEW",
    params: { rule: "isUnderReview" },
  }),
});
