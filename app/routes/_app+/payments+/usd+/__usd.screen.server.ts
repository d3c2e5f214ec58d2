/**
 * Server side of the split screen of /payments/usd/form (lib/split-screen.tsx): the screen,
 * statically imported for the server render, and its validator (./__usd.schema.ts) for the route's
 * action. A `.server` module is an empty module in the browser build: there these are undefined,
 * the route loads `__usd.screen.tsx` as a chunk of its own (with remix-validated-form), and the
 * screen loads the rules (zod, the ABA and country rules) when the form is first used (lib/lazy-
 * validator.ts).
 */
export { default as Screen, DEFAULT_COUNTRY, FIELDS } from "./__usd.screen";
export { USD_SCHEMES, validator } from "./__usd.schema";
