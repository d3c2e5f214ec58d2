/**
 * Server side of the split screen of /payments/usd/form (lib/split-screen.tsx): the screen,
 * statically imported for the server render, and its schema for the route's action. A `.server`
 * module is an empty module in the browser build: there the route loads `__usd.screen.tsx` as a
 * chunk of its own (with zod, remix-validated-form, the ABA rules and the country names).
 */
export { default as Screen, DEFAULT_COUNTRY, FIELDS, USD_SCHEMES, validator } from "./__usd.screen";
