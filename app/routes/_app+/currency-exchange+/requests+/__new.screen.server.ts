/**
 * Server side of the split screen of /currency-exchange/requests/new (lib/split-screen.tsx):
 * the screen for the server render, its schema and field order for the action.
 */
export { default as Screen, FIELDS, newFxRequestValidator } from "./__new.screen";
