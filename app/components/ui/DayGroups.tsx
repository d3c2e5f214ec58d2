/**
 * A transaction list grouped by day (spec 000 §2 Layout: "Transaction list grouped by day:
 * heading 'Today', or month and day, or month, day and year for other years"). The groups come
 * from lib/date-groups.ts `groupByDay` (run in the loader, so server and browser agree); each day
 * is a section named by its heading ('Today' translated as history:today, else the loader's
 * text), with the day's items in a list. Used by /home, /history, the account page, the batch
 * signing result and the demo pages; the heading level follows the page's outline.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DayGroup } from "~/lib/date-groups";
import styles from "./DayGroups.module.css";

/** The heading text of a day: the translated 'Today', else the date the loader formatted. */
export function useDayLabel(): (label: DayGroup<unknown>["label"]) => string {
  const { t } = useTranslation("history");
  return (label) => (label.kind === "today" ? t("history:today") : label.text);
}

/**
 * The days of a list, newest first, each a `<section>` with its heading and a `<ul>` of its items.
 * @param groups the loader's day groups
 * @param idPrefix prefix of the headings' ids (`<idPrefix>-<yyyy-MM-dd>`), unique on the page
 * @param level heading level of a day (2 under the page title, 3 under a section's heading)
 * @param listClassName class of each day's `<ul>` (the page's list style)
 * @param renderItem one item, rendered as an `<li>` (e.g. StatementRow)
 */
export function DayGroups<T>({
  groups,
  idPrefix,
  level,
  listClassName,
  renderItem,
}: {
  groups: readonly DayGroup<T>[];
  idPrefix: string;
  level: 2 | 3;
  listClassName?: string;
  renderItem: (item: T) => ReactNode;
}) {
  const dayLabel = useDayLabel();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`${idPrefix}-${g.key}`} data-testid="day-group">
          <Heading id={`${idPrefix}-${g.key}`} className={styles.day} data-testid="day-heading">
            {dayLabel(g.label)}
          </Heading>
          <ul className={listClassName}>{g.items.map(renderItem)}</ul>
        </section>
      ))}
    </>
  );
}
