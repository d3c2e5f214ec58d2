/**
 * Server side of the split screen of /history/:itemId (lib/split-screen.tsx): the screen,
 * statically imported for the server render. Empty in the browser build, where the route loads
 * `__history.item.screen.tsx` as a chunk of its own.
 */
export { default as Screen } from "./__history.item.screen";
