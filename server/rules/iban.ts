/**
 * IBAN, BIC and foreign account number rules, using ibantools (ISO 13616 IBAN: mod-97 check
 * digits, country length and BBAN format; ISO 9362 BIC).
 * - Euro (SEPA) payments take SEPA-country IBANs only (spec 000 §2): {@link validateSepaIban}.
 * - SWIFT payments take an IBAN where the beneficiary's country is in the IBAN registry
 *   ({@link isIbanCountry}, {@link validateIban}), and an account number elsewhere
 *   ({@link validateForeignAccountNumber}).
 * Pure (npm packages only), for the browser and the server. Error codes map to
 * `errors:iban.<code>`, `errors:bic.<code>` and `errors:account-number.<code>`.
 * Display formatting without ibantools' tables stays in app/lib/iban-format.ts.
 */
import { countrySpecs, electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from "ibantools";

/** Why an IBAN is refused, in check order; maps to `errors:iban.<code>`. */
export const IBAN_ERRORS = ["required", "invalid", "not-sepa"] as const;
export type IbanError = (typeof IBAN_ERRORS)[number];

/** Why a BIC is refused; maps to `errors:bic.<code>`. */
export const BIC_ERRORS = ["required", "invalid"] as const;
export type BicError = (typeof BIC_ERRORS)[number];

/** Why a foreign (non-IBAN) account number is refused; maps to `errors:account-number.<code>`. */
export const ACCOUNT_NUMBER_ERRORS = ["required", "format"] as const;
export type AccountNumberError = (typeof ACCOUNT_NUMBER_ERRORS)[number];

/**
 * Electronic format of an IBAN: spaces and dashes removed, upper case
 * ("de89 3704-0044 0532 0130 00" → "DE89370400440532013000"; ISO 13616-1 §5).
 * @returns "" for empty input (not validated)
 */
export function normaliseIban(raw: string | null | undefined): string {
  return electronicFormatIBAN((raw ?? "").replace(/[\s-]/g, "")) ?? "";
}

/**
 * Validate an IBAN of any country with a known IBAN format (ISO 13616: the country's length and
 * BBAN pattern, mod-97 check digits), e.g. for a SWIFT payment.
 * @param raw user text (spaces, dashes, any case)
 * @returns `{ ok: true, iban }` in electronic format, or `{ ok: false, error: "required" | "invalid" }`
 */
export function validateIban(
  raw: string | null | undefined,
): { ok: true; iban: string } | { ok: false; error: Exclude<IbanError, "not-sepa"> } {
  const iban = normaliseIban(raw);
  if (iban === "") return { ok: false, error: "required" };
  if (!isValidIBAN(iban)) return { ok: false, error: "invalid" };
  return { ok: true, iban };
}

/**
 * Validate an IBAN for a SEPA (EUR) payment: {@link validateIban}, and the IBAN's country is in
 * the SEPA schemes' geographical scope (EPC list, as ibantools carries it).
 * @param raw user text (spaces, dashes, any case)
 * @returns `{ ok: true, iban }` in electronic format, or `{ ok: false, error }`
 */
export function validateSepaIban(raw: string | null | undefined): { ok: true; iban: string } | { ok: false; error: IbanError } {
  const result = validateIban(raw);
  if (!result.ok) return result;
  if (!isSEPACountry(result.iban.slice(0, 2))) return { ok: false, error: "not-sepa" };
  return result;
}

/**
 * Whether a country uses IBANs: it is in SWIFT's IBAN registry (ISO 13616 registration
 * authority), as carried by ibantools. A SWIFT payment to such a country needs an IBAN; to any
 * other (e.g. US, CA, AU, CN) an account number. Countries with a national IBAN-like format that
 * is not registered (e.g. some central-African states) answer false: there an account number is
 * enough, and {@link validateIban} still accepts their IBANs when one is given.
 * @param alpha2 ISO 3166-1 alpha-2 code, any case ("de" and "DE" alike)
 */
export function isIbanCountry(alpha2: string): boolean {
  const code = (alpha2 ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && countrySpecs[code]?.IBANRegistry === true;
}

/**
 * Whether a country is in the SEPA schemes' scope (euro payments by IBAN only).
 * @param alpha2 ISO 3166-1 alpha-2 code, any case
 */
export function isSepaCountry(alpha2: string): boolean {
  const code = (alpha2 ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && isSEPACountry(code);
}

/** Upper-case and strip spaces from a BIC ("deut de ff" → "DEUTDEFF"; not validated). */
export function normaliseBic(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, "").toUpperCase();
}

/**
 * Validate a BIC (ISO 9362: 4 letters bank code, the 2-letter code of a known country,
 * 2 letters/digits location, optional 3 letters/digits branch; 8 or 11 characters).
 * @returns `{ ok: true, bic }` normalised, or `{ ok: false, error: "required" | "invalid" }`
 */
export function validateBic(raw: string | null | undefined): { ok: true; bic: string } | { ok: false; error: BicError } {
  const bic = normaliseBic(raw);
  if (bic === "") return { ok: false, error: "required" };
  if (!isValidBIC(bic)) return { ok: false, error: "invalid" };
  return { ok: true, bic };
}

/**
 * Validate the beneficiary's account number for a SWIFT payment to a country without IBANs
 * ({@link isIbanCountry} false): after removing spaces and dashes, 1 to 34 letters or digits
 * (SWIFT MT103 field 59 account "/34x", ISO 20022 `Othr/Id` Max34Text, restricted to the
 * characters every correspondent accepts). No checksum: formats differ per country.
 * @param raw user text, e.g. "0123 4567 89"
 * @returns `{ ok: true, accountNumber }` upper-cased without separators, or `{ ok: false, error }`
 */
export function validateForeignAccountNumber(
  raw: string | null | undefined,
): { ok: true; accountNumber: string } | { ok: false; error: AccountNumberError } {
  const accountNumber = (raw ?? "").replace(/[\s-]/g, "").toUpperCase();
  if (accountNumber === "") return { ok: false, error: "required" };
  if (!/^[A-Z0-9]{1,34}$/.test(accountNumber)) return { ok: false, error: "format" };
  return { ok: true, accountNumber };
}
