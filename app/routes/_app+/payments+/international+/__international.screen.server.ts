/**
 * Server side of the split screen of /payments/international/form (lib/split-screen.tsx): the
 * screen, statically imported for the server render, and its validator
 * (./__international.schema.ts) and the IBAN countries for its loader for the route's action. A
 * `.server` module is an empty module in the browser build: there these are undefined, the route
 * loads `__international.screen.tsx` as a chunk of its own (with remix-validated-form), and the
 * screen loads the rules (zod, ibantools, the country rules) when the form is first used
 * (lib/lazy-validator.ts).
 */
export { default as Screen, FIELDS } from "./__international.screen";
export { internationalValidator } from "./__international.schema";
export { isIbanCountry } from "../../../../../server/rules/iban";
