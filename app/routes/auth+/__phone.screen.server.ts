/**
 * Server side of the split screen of /auth/phone (lib/split-screen.tsx): the screen, statically
 * imported for the server render, and its validators (./__phone.schema.ts) for the route's action.
 * A `.server` module is an empty module in the browser build: there these are undefined, the route
 * loads `__phone.screen.tsx` as a chunk of its own (with remix-validated-form), and the screen
 * loads the rules (zod) when the form is first used (lib/lazy-validator.ts).
 */
export { default as Screen } from "./__phone.screen";
export { codeValidator, passwordValidator, phoneValidator } from "./__phone.schema";
