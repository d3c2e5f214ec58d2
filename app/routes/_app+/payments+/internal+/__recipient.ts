/**
 * How the recipient of a transfer to another customer is named in URLs and forms
 * (/payments/internal → /payments/internal/form?phone=… or ?companyNumber=…): plain rules, no
 * zod, so the route modules, the lookup page and the form's schema share them.
 */

/** E.164 as the API's lookup takes it (GET check-invididual-recepient): "+", 8 to 15 digits. */
export const E164 = /^\+[1-9]\d{7,14}$/;

/** UK company number (Companies House): 8 characters, 2 digits or 2 letters then 6 digits. */
export const COMPANY_NUMBER = /^([0-9]{2}|[A-Z]{2})[0-9]{6}$/;

/** Spaces, dashes and brackets removed ("+44 7700 900002" → "+447700900002"). */
export function normalisePhone(raw: string): string {
  return raw.replace(/[\s\-()]/g, "");
}

/** Spaces removed, letters in capitals ("sc 123456" → "SC123456"). */
export function normaliseCompanyNumber(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

export type RecipientBy = "phone" | "companyNumber";

/** A recipient named in a query string. */
export interface RecipientQuery {
  by: RecipientBy;
  /** As typed. */
  raw: string;
  /** Normalised. */
  value: string;
  /** Whether `value` has the right format. */
  valid: boolean;
}

/** `?phone=` or `?companyNumber=` (phone first); null when neither is given. */
export function recipientQuery(params: URLSearchParams): RecipientQuery | null {
  const phone = params.get("phone")?.trim();
  if (phone) {
    const value = normalisePhone(phone);
    return { by: "phone", raw: phone, value, valid: E164.test(value) };
  }
  const companyNumber = params.get("companyNumber")?.trim();
  if (companyNumber) {
    const value = normaliseCompanyNumber(companyNumber);
    return { by: "companyNumber", raw: companyNumber, value, valid: COMPANY_NUMBER.test(value) };
  }
  return null;
}

/** Why a lookup sent the customer back to /payments/internal (`?error=`). */
export type LookupError = "invalid" | "not-found" | "rate-limited" | "failed" | "self";

/** The i18n key of a lookup error, per kind of recipient. */
export function lookupErrorKey(by: RecipientBy, error: string | null): string | null {
  switch (error) {
    case "invalid":
      return by === "phone" ? "errors:Auth.phone-invalid" : "errors:internal.company-number-invalid";
    case "not-found":
      return by === "phone" ? "errors:Payments.recipient-not-found" : "errors:internal.company-not-found";
    case "rate-limited":
      return "errors:Auth.rate-limited";
    case "failed":
      return "errors:Errors.internal";
    // The recipient is the organization that pays: "Between my accounts" moves money between its own accounts.
    case "self":
      return by === "phone" ? "errors:internal.own-phone" : "errors:internal.own-company";
    default:
      return null;
  }
}
