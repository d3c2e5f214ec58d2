/**
 * Rules of the small layout widgets (spec 000 §2 "Back button", "Sidebar", §5 text input
 * tooltips, §9 constants), kept apart from the components so they are unit-tested.
 */

/** Spec 000 §9: the back button returns through the history only when it holds more than 2 entries. */
export const BACK_HISTORY_MIN = 2;

/** Spec 000 §5: a tooltip whose text is longer than this many characters is shown wide. */
export const TOOLTIP_WIDE_AFTER = 40;

/** Local storage key of the sidebar's opened accounts (cleared on logout, spec 000 §9). */
export const OPENED_ACCOUNTS_KEY = "bank.openedAccounts";

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

/**
 * The sidebar's remembered state, `{ [accountId]: open }`, read from its stored JSON. Anything
 * unreadable (missing, not JSON, wrong shape, a non-boolean value) is dropped: the account then
 * shows open, as the server rendered it.
 */
export function parseOpenedAccounts(stored: string | null): Record<string, boolean> {
  if (!stored) return {};
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return {};
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: Record<string, boolean> = {};
  for (const [id, open] of Object.entries(value as Record<string, unknown>)) {
    if (typeof open === "boolean" && id.length <= 64) out[id] = open;
  }
  return out;
}

/**
 * The stored JSON after one account was opened or closed, keeping only `knownIds` (the user's
 * current accounts) so the entry does not grow with accounts that are gone.
 */
export function withOpenedAccount(
  current: Record<string, boolean>,
  id: string,
  open: boolean,
  knownIds: readonly string[],
): string {
  const next: Record<string, boolean> = {};
  for (const known of knownIds) if (known in current) next[known] = current[known];
  next[id] = open;
  return JSON.stringify(next);
}
