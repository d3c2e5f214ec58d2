/**
 * English country names for ISO 3166-1 alpha-2 codes (i18n-iso-countries, English locale only:
 * ~9 KB gzip in the browser with the library; ./country.ts validates without it).
 * Imports the library's browser entry on the server too: its Node entry loads every locale.
 */
import { getName, getNames, registerLocale } from "i18n-iso-countries/index.js";
import en from "i18n-iso-countries/langs/en.json";

registerLocale(en);

/**
 * Official English short name of a country ("GB" → "United Kingdom", "US" → "United States of America").
 * @param alpha2 ISO 3166-1 alpha-2 code, any case
 * @returns the name, or undefined for an unknown code
 */
export function countryName(alpha2: string): string | undefined {
  return getName((alpha2 ?? "").trim().toUpperCase(), "en", { select: "official" });
}

/**
 * Every country as `{ code, name }`, sorted by English name (for a country select).
 * @returns a new array on each call
 */
export function countryOptions(): { code: string; name: string }[] {
  return Object.entries(getNames("en", { select: "official" }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}
