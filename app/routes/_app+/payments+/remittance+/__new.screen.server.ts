/**
 * Server side of the split screen of /payments/remittance/new (lib/split-screen.tsx): the screen,
 * statically imported for the server render, and its schema for the route's action (empty in the
 * browser build: there the route loads `__new.screen.tsx` as a chunk of its own).
 */
export { default as Screen, FIELDS, newOrderValidator } from "./__new.screen";
