/**
 * Server side of the split screen of /payments/international/form (lib/split-screen.tsx): the
 * screen, statically imported for the server render, and its validator for the route's action. A
 * `.server` module is an empty module in the browser build: there these are undefined and the
 * route loads `__international.screen.tsx` as a chunk of its own (with zod, remix-validated-form,
 * the IBAN/BIC rules and the country names), not as part of the route chunk.
 */
export { default as Screen, FIELDS, internationalValidator } from "./__international.screen";
