/**
 * Rules of the sidebar's remembered accounts (spec 000 §2 "Sidebar", §9), kept apart from the
 * hook (components/layout/useOpenedAccounts.ts) so they are unit-tested, and apart from
 * ./layout-widgets.ts so that pages with a back button or a tooltip do not load them.
 */

/** Local storage key of the sidebar's opened accounts (cleared on logout, spec 000 §9). */
export const OPENED_ACCOUNTS_KEY = "bank.openedAccounts";

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
