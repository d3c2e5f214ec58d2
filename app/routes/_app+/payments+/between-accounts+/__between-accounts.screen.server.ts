/**
 * Server side of the split screen of /payments/between-accounts (lib/split-screen.tsx): the
 * screen, statically imported for the server render, and its schemas for the route's action. A
 * `.server` module is an empty module in the browser build: there these are undefined and the
 * route loads `__between-accounts.screen.tsx` as a chunk of its own (with zod and remix-validated-
 * form), not as part of the route chunk.
 */
export { default as Screen, FIELDS, betweenValidator } from "./__between-accounts.screen";
