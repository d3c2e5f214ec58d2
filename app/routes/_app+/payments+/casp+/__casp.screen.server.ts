/**
 * Server side of the split screen of /payments/casp/form (lib/split-screen.tsx): the screen,
 * statically imported for the server render, and its validator (./__casp.schema.ts) for the
 * route's action. A `.server` module is an empty module in the browser build: there these are
 * undefined, the route loads `__casp.screen.tsx` as a chunk of its own (with remix-validated-
 * form), and the screen loads the rules (zod, the wallet rules and their hashing libraries) when
 * the form is first used (lib/lazy-validator.ts).
 */
export { default as Screen, FIELDS } from "./__casp.screen";
export { caspValidator } from "./__casp.schema";
