/**
 * Server side of the split screen of /payments/:paymentId/sign (lib/split-screen.tsx): the screen,
 * statically imported for the server render, and its validators (./__sign.schema.ts; the code
 * form's from components/signing/code-validators.ts) for the route's action. A `.server` module is
 * an empty module in the browser build: there these are undefined, the route loads
 * `__sign.screen.tsx` as a chunk of its own (with remix-validated-form), and the screen loads the
 * rules (zod) when the form is first used (lib/lazy-validator.ts).
 */
export { default as Screen } from "./__sign.screen";
export { uploadValidator } from "./__sign.schema";
export { codeValidator } from "~/components/signing/code-validators";
