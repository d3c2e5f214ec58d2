/**
 * Server side of the split screen of /beneficiaries/:beneficiaryId/contracts
 * (lib/split-screen.tsx): the screen, statically imported for the server render, and its schemas
 * for the route's action. A `.server` module is an empty module in the browser build: there these
 * are undefined and the route loads `__contracts.screen.tsx` as a chunk of its own (with zod and
 * remix-validated-form), not as part of the route chunk.
 */
export {
  default as Screen,
  createValidator,
  FIELDS,
  FORM_IDS,
  submitValidator,
  updateValidator,
  uploadValidator,
} from "./__contracts.screen";
