/**
 * Server side of the split screen of /payments/between-accounts (lib/split-screen.tsx): the
 * screen, statically imported for the server render, and its validator (./__between-
 * accounts.schema.ts) for the route's action. A `.server` module is an empty module in the browser
 * build: there these are undefined, the route loads `__between-accounts.screen.tsx` as a chunk of
 * its own (with remix-validated-form), and the screen loads the rules (zod) when the form is first
 * used (lib/lazy-validator.ts).
 */
export { default as Screen, FIELDS } from "./__between-accounts.screen";
export { betweenValidator } from "./__between-accounts.schema";
