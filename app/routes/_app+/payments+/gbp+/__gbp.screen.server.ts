/**
 * Server side of the split screen of /payments/gbp/form (lib/split-screen.tsx): the screen,
 * statically imported for the server render, and its schema for the route's action. A `.server`
 * module is an empty module in the browser build: there the route loads `__gbp.screen.tsx` as a
 * chunk of its own (with zod, remix-validated-form and the sort-code rules).
 */
export { default as Screen, FIELDS, GBP_SCHEMES, validator } from "./__gbp.screen";
