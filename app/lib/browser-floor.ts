/**
 * The hydration gate ("cut the mustard"): does this browser have what the enhanced app relies
 * on without a guard? docs/decisions.md "Browsers we support": tier (a) (Chrome 96, Safari 15.4,
 * Firefox 115, …) runs the enhanced app; an older browser that still parses our module scripts
 * must not start hydrating and fail half-way (a missing API thrown during hydration replaces the
 * server's page with the error page). entry.client.tsx hydrates only when this says yes; else
 * the page stays the server-rendered one, which works without JavaScript.
 *
 * Tested here, the newest things the browser build uses unguarded:
 * - `Object.hasOwn` (ES2022; CurrencyIcon and @scure/base): Chrome 93, Safari 15.4, Firefox 92;
 * - `Array.prototype.at` (ES2022, the language level of the build, scripts/check-browsers/js-syntax.ts):
 *   Chrome 92, Safari 15.4, Firefox 90;
 * - `HTMLDialogElement.prototype.showModal` (the identity pages' unsaved-changes dialog):
 *   Chrome 37, Safari 15.4, Firefox 98.
 * Not tested: `crypto.randomUUID` (in tier (a), but missing on plain-HTTP pages other than
 * localhost, so testing it would switch the app off there).
 *
 * @param w the window to test (the browser's own by default)
 * @returns true when the page may hydrate
 */
export function meetsBrowserFloor(w: Window & typeof globalThis = window): boolean {
  const dialog = w.HTMLDialogElement as typeof HTMLDialogElement | undefined;
  return (
    typeof w.Object.hasOwn === "function" &&
    typeof w.Array.prototype.at === "function" &&
    typeof dialog === "function" &&
    typeof dialog.prototype.showModal === "function"
  );
}
