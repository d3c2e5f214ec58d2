/**
 * Merging day groups (lib/date-groups.ts) in the browser, apart from the grouping itself so that
 * importing it brings no date library into a page's first load.
 */
import type { DayGroup } from "./date-groups";

/**
 * Day groups of consecutive pages as one list (history "more" with JavaScript): a day that
 * straddles a page boundary becomes one group with one heading, its items in page order.
 * Pages come newest first, as the API sends them; days keep their first-seen order.
 * @param pages the groups of each page, in the order they were loaded
 */
export function mergeDayGroups<T>(pages: readonly (readonly DayGroup<T>[])[]): DayGroup<T>[] {
  const merged = new Map<string, DayGroup<T>>();
  for (const groups of pages)
    for (const group of groups) {
      const seen = merged.get(group.key);
      if (seen) seen.items.push(...group.items);
      else merged.set(group.key, { ...group, items: [...group.items] });
    }
  return [...merged.values()];
}
