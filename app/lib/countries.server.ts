/**
 * Country names for loaders (server only): re-exports server/rules/country-names so that a route
 * module importing it from its loader does not pull the ISO 3166 tables (~9 KB gzip) into the
 * page's first-load JavaScript (the .server suffix keeps the module out of the browser build).
 */
export { countryName, countryOptions } from "../../server/rules/country-names";
