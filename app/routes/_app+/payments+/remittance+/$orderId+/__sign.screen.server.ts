/**
 * Server side of the split screen of /payments/remittance/:orderId/sign (lib/split-screen.tsx):
 * the screen for the server render and its code schema for the route's action.
 */
export { default as Screen } from "./__sign.screen";
export { codeValidator } from "~/components/signing/code-validators";
