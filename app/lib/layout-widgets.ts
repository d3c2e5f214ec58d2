/**
 * Rules of the small layout widgets (spec 000 §2 "Back button", §5 text input tooltips, §9
 * constants), kept apart from the components so they are unit-tested. The sidebar's rules are in
 * ./opened-accounts.ts: only the signed-in layout needs them, and a module is a browser chunk.
 */

/** Spec 000 §9: the back button returns through the history only when it holds more than 2 entries. */
export const BACK_HISTORY_MIN = 2;

/** Spec 000 §5: a tooltip whose text is longer than this many characters is shown wide. */
export const TOOLTIP_WIDE_AFTER = 40;

/**
 * Where a back button goes (spec 000 §2): to the given link; without one, to the previous page
 * when `historyLength` (window.history.length) is greater than 2, else to `fallback` (the link a
 * page without JavaScript follows, as the server rendered it).
 * @returns `{ history: true }` to go back one entry, or `{ href }` to follow.
 */
export function backTarget(opts: { to?: string; fallback: string; historyLength: number }): { history: true } | { href: string } {
  if (opts.to) return { href: opts.to };
  if (opts.historyLength > BACK_HISTORY_MIN) return { history: true };
  return { href: opts.fallback };
}

/** True when a tooltip's text (counted in characters, not UTF-16 units) is shown wide. */
export function isWideTooltip(text: string): boolean {
  return [...text].length > TOOLTIP_WIDE_AFTER;
}
