/**
 * Server side of the split screen of /profile/companies/:organizationId/cof (lib/split-screen.tsx):
 * the screen, statically imported for the server render, and its schemas for the route's action.
 * In the browser build this module is empty and the route loads `__cof.screen.tsx` as a chunk of
 * its own (with zod and remix-validated-form).
 */
export { default as Screen, ADD_FIELDS, addValidator, FORM_IDS, ROLE_FIELDS, updateValidator } from "./__cof.screen";
