/**
 * Country names for ISO 3166-1 alpha-2 codes in the app's languages (i18n-iso-countries: English,
 * German, Arabic). Server only: pages get the names from their loaders, in the page's language,
 * so no name table reaches the browser (./country.ts validates codes without it).
 * Imports the library's browser entry: its Node entry loads every locale.
 */
import { getName, getNames, registerLocale } from "i18n-iso-countries/index.js";
import ar from "i18n-iso-countries/langs/ar.json";
import de from "i18n-iso-countries/langs/de.json";
import en from "i18n-iso-countries/langs/en.json";

registerLocale(en);
registerLocale(de);
registerLocale(ar);

/** A language with country names; anything else is named in English. */
export type CountryNameLanguage = "en" | "de" | "ar";

function language(lng: string | undefined): CountryNameLanguage {
  return lng === "de" || lng === "ar" ? lng : "en";
}

/**
 * Official short name of a country ("GB" → "United Kingdom", "Vereinigtes Königreich", "المملكة المتحدة").
 * @param alpha2 ISO 3166-1 alpha-2 code, any case
 * @param lng page language (en, de, ar; others: English)
 * @returns the name, or undefined for an unknown code
 */
export function countryName(alpha2: string, lng?: string): string | undefined {
  const code = (alpha2 ?? "").trim().toUpperCase();
  return getName(code, language(lng), { select: "official" }) ?? getName(code, "en", { select: "official" });
}

const optionsCache = new Map<CountryNameLanguage, readonly { code: string; name: string }[]>();

/**
 * Every country as `{ code, name }`, sorted by name in that language (for a country select).
 * @param lng page language (en, de, ar; others: English)
 * @returns a new array on each call
 */
export function countryOptions(lng?: string): { code: string; name: string }[] {
  const l = language(lng);
  let options = optionsCache.get(l);
  if (!options) {
    options = Object.entries(getNames(l, { select: "official" }))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, l));
    optionsCache.set(l, options);
  }
  return options.map((o) => ({ ...o }));
}
