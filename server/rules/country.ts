/**
 * Country code rules: ISO 3166-1 alpha-2, as listed by i18n-iso-countries (its code table only,
 * ~3 KB gzip in the browser; English names are in ./country-names.ts, a separate import, so a
 * form that only validates does not ship them). Kosovo's user-assigned "XK" is included: SWIFT
 * and IBANs use it. Pure, for the browser and the server. Error codes map to `errors:country.<code>`.
 */
import codes from "i18n-iso-countries/codes.json";

/** Why a country is refused; maps to `errors:country.<code>`. */
export const COUNTRY_ERRORS = ["required", "invalid"] as const;
export type CountryError = (typeof COUNTRY_ERRORS)[number];

/** Every ISO 3166-1 alpha-2 code (upper case, with XK), in the table's order. */
export const COUNTRY_CODES: readonly string[] = Object.freeze(codes.map((row) => row[0]));

const CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/**
 * Whether a value is an ISO 3166-1 alpha-2 country code, exactly as the API carries it
 * (two upper-case letters: "GB" yes, "gb", "GBR" and "UK" no).
 */
export function isCountryCode(value: unknown): value is string {
  return typeof value === "string" && CODE_SET.has(value);
}

/**
 * Validate a country chosen or typed by a person: trimmed and upper-cased, then an ISO 3166-1
 * alpha-2 code ({@link isCountryCode}).
 * @returns `{ ok: true, country }` ("GB"), or `{ ok: false, error: "required" | "invalid" }`
 */
export function validateCountry(
  raw: string | null | undefined,
): { ok: true; country: string } | { ok: false; error: CountryError } {
  const country = (raw ?? "").trim().toUpperCase();
  if (country === "") return { ok: false, error: "required" };
  if (!isCountryCode(country)) return { ok: false, error: "invalid" };
  return { ok: true, country };
}
