/**
 * IBAN and BIC checks for euro (SEPA) payments, using ibantools (ISO 13616 mod-97 check,
 * country length and BBAN format; ISO 9362 BIC).
 * Only SEPA-country IBANs are accepted because the euro form sends SEPA payments (spec 000 §2).
 */
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from "ibantools";

export { formatIban } from "./iban-format";

/**
 * Remove spaces/dashes and upper-case ("de89 3704-0044 0532 0130 00" → "DE89370400440532013000").
 * @returns "" for empty input
 */
export function normaliseIban(raw: string | null | undefined): string {
  return electronicFormatIBAN((raw ?? "").replace(/-/g, "")) ?? "";
}

/** Why an IBAN is refused; maps to `errors:iban.<reason>`. */
export type IbanError = "required" | "invalid" | "not-sepa";

/**
 * Validate an IBAN for a SEPA (EUR) payment.
 * @param raw user text (spaces allowed)
 * @returns `{ok:true, iban}` electronic format, or `{ok:false, error}`
 */
export function validateSepaIban(raw: string | null | undefined): { ok: true; iban: string } | { ok: false; error: IbanError } {
  const iban = normaliseIban(raw);
  if (iban === "") return { ok: false, error: "required" };
  if (!isValidIBAN(iban)) return { ok: false, error: "invalid" };
  if (!isSEPACountry(iban.slice(0, 2))) return { ok: false, error: "not-sepa" };
  return { ok: true, iban };
}

/** Upper-case and strip spaces from a BIC ("deut de ff" → "DEUTDEFF"). */
export function normaliseBic(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, "").toUpperCase();
}

/**
 * Validate a BIC (8 or 11 characters, ISO 9362, known country).
 * @returns `{ok:true, bic}` normalised, or `{ok:false, error:'required'|'invalid'}`
 */
export function validateBic(
  raw: string | null | undefined,
): { ok: true; bic: string } | { ok: false; error: "required" | "invalid" } {
  const bic = normaliseBic(raw);
  if (bic === "") return { ok: false, error: "required" };
  if (!isValidBIC(bic)) return { ok: false, error: "invalid" };
  return { ok: true, bic };
}
