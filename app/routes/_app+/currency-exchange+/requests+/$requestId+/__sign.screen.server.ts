/**
 * Server side of the split screen of /currency-exchange/requests/:requestId/sign
 * (lib/split-screen.tsx): the screen for the server render and its code schema for the action.
 */
export { default as Screen } from "./__sign.screen";
export { codeValidator } from "~/components/signing/code-validators";
