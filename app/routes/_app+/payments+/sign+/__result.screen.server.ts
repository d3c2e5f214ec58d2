/**
 * Server side of the split screen of /payments/sign/result (lib/split-screen.tsx): the screen,
 * statically imported for the server render. Empty in the browser build, where the route loads
 * `__result.screen.tsx` as a chunk of its own.
 */
export { default as Screen } from "./__result.screen";
