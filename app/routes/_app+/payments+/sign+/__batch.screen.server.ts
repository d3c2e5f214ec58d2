/**
 * Server side of the split screen of /payments/sign (lib/split-screen.tsx): the screen, statically
 * imported for the server render, and its code schema for the route's action. Empty in the
 * browser build, where the route loads `__batch.screen.tsx` as a chunk of its own.
 */
export { default as Screen } from "./__batch.screen";
export { codeValidator } from "~/components/signing/code-validators";
