/**
 * Server side of the split screen of /profile/companies/:organizationId/cof (lib/split-
 * screen.tsx): the screen, statically imported for the server render, and its validators
 * (./__cof.schema.ts) for the route's action. A `.server` module is an empty module in the browser
 * build: there these are undefined, the route loads `__cof.screen.tsx` as a chunk of its own (with
 * remix-validated-form), and the screen loads the rules (zod) when the form is first used
 * (lib/lazy-validator.ts).
 */
export { default as Screen, ADD_FIELDS, FORM_IDS, ROLE_FIELDS } from "./__cof.screen";
export { addValidator, updateValidator } from "./__cof.schema";
