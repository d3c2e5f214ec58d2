/**
 * What /history's route module (history.tsx, its `shouldRevalidate`) and its list part
 * (__history.list.tsx, which opens and closes the item panel) share: the list's state that decides
 * whether a navigation reloads the list, and which URLs are an item's. A module of its own so
 * both chunks share one copy.
 */

/** Navigation state of the history list, written by the list and read by `shouldRevalidate`. */
export const historyNavigation = {
  /**
   * Search string of the list the side panel was opened over (null while the item's own page is
   * shown): navigating back to it needs no reload of the list.
   */
  panelListSearch: null as string | null,
  /**
   * Set while a panel still loading is closed: the list is navigated to again (same URL, to
   * cancel the item's navigation), which must not reload it (the pages "more" appended would be lost).
   */
  closingPendingPanel: false,
};

/** The item id of /history/:itemId (not /history/statement, a route of its own), else null. */
export function itemIdOf(pathname: string): string | null {
  const m = /^\/history\/([^/]+)\/?$/.exec(pathname);
  return m && m[1] !== "statement" ? m[1] : null;
}
