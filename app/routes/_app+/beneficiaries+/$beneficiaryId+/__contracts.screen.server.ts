/**
 * Server side of the split screen of /beneficiaries/:beneficiaryId/contracts (lib/split-
 * screen.tsx): the screen, statically imported for the server render, and its validators
 * (./__contracts.schema.ts) for the route's action. A `.server` module is an empty module in the
 * browser build: there these are undefined, the route loads `__contracts.screen.tsx` as a chunk of
 * its own (with remix-validated-form), and the screen loads the rules (zod) when the form is first
 * used (lib/lazy-validator.ts).
 */
export { default as Screen, FIELDS, FORM_IDS } from "./__contracts.screen";
export { createValidator, submitValidator, updateValidator, uploadValidator } from "./__contracts.schema";
