/**
 * Country names for loaders (server only), in the page's language: server/rules/country-names
 * through a .server module, so the name tables (about 9 KB gzip per language) never reach the
 * browser build; a page's country select gets its options from its loader.
 */
import { countryName, countryOptions } from "../../server/rules/country-names";
import i18next from "./i18next.server";

export { countryName, countryOptions };

/** The options of a country select in the request's page language: `{ code, name }[]`, sorted by name. */
export async function countryOptionsFor(request: Request): Promise<{ code: string; name: string }[]> {
  return countryOptions(await i18next.getLocale(request));
}

/** A country's name in the request's page language (the code itself when unknown). */
export async function countryNameFor(request: Request, alpha2: string): Promise<string> {
  return countryName(alpha2, await i18next.getLocale(request)) ?? alpha2;
}
