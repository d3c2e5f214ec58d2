/**
 * Server side of the split screen of /payments/remittance/:orderId/sign (lib/split-screen.tsx):
 * the screen for the server render and its code schema for the route's action.
 */
export { default as Screen, codeValidator } from "./__sign.screen";
