/**
 * Server side of the split screen of /currency-exchange/requests/:requestId/sign
 * (lib/split-screen.tsx): the screen for the server render and its code schema for the action.
 */
export { default as Screen, codeValidator } from "./__sign.screen";
