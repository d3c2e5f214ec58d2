/**
 * Server side of the split screen of /payments/cash-over/form (lib/split-screen.tsx): the screen,
 * statically imported for the server render, and its validator (./__cash-over.schema.ts) for the
 * route's action. A `.server` module is an empty module in the browser build: there these are
 * undefined, the route loads `__cash-over.screen.tsx` as a chunk of its own (with remix-validated-
 * form), and the screen loads the rules (zod) when the form is first used (lib/lazy-validator.ts).
 */
export { default as Screen, FIELDS } from "./__cash-over.screen";
export { cashOverValidator } from "./__cash-over.schema";
