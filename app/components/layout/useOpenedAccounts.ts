/**
 * The sidebar remembers which accounts are opened (spec 000 §2, §9) in local storage under
 * OPENED_ACCOUNTS_KEY: every `<details data-account-id>` inside `ref` takes its stored state
 * after hydration, and each toggle is stored. The server renders every account open, so
 * without JavaScript (or without storage) nothing is hidden. Cleared on logout
 * (`forgetOpenedAccounts`, from the logout form).
 */
import { useEffect, type RefObject } from "react";
import { OPENED_ACCOUNTS_KEY, parseOpenedAccounts, withOpenedAccount } from "~/lib/opened-accounts";

function read(): Record<string, boolean> {
  try {
    return parseOpenedAccounts(window.localStorage.getItem(OPENED_ACCOUNTS_KEY));
  } catch {
    return {}; // storage disabled (private mode, policy): the accounts stay as rendered
  }
}

export function useOpenedAccounts(ref: RefObject<HTMLElement>, accountIds: readonly string[]): void {
  const idsKey = accountIds.join(",");
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const ids = idsKey ? idsKey.split(",") : [];
    const stored = read();
    for (const details of root.querySelectorAll<HTMLDetailsElement>("details[data-account-id]")) {
      const id = details.dataset.accountId ?? "";
      if (id in stored && details.open !== stored[id]) details.open = stored[id];
    }
    // `toggle` does not bubble: listen in the capture phase.
    const onToggle = (event: Event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.dataset.accountId) return;
      try {
        window.localStorage.setItem(OPENED_ACCOUNTS_KEY, withOpenedAccount(read(), details.dataset.accountId, details.open, ids));
      } catch {
        // storage full or disabled: not remembered
      }
    };
    root.addEventListener("toggle", onToggle, true);
    return () => root.removeEventListener("toggle", onToggle, true);
  }, [ref, idsKey]);
}

/** Forget the opened accounts (logout, spec 000 §9). */
export function forgetOpenedAccounts(): void {
  try {
    window.localStorage.removeItem(OPENED_ACCOUNTS_KEY);
  } catch {
    // storage disabled: nothing stored
  }
}
