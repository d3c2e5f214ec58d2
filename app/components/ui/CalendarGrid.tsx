/**
 * Calendar building blocks shared by the date pickers (range: DateRangePicker; a single-date
 * picker is built from the same parts): one month as a WAI-ARIA grid (APG date picker dialog:
 * roving tabindex, arrows, Home/End, PageUp/PageDown, Shift for years), the month navigation
 * buttons, and `useCalendar`, which keeps the focused day inside the selectable range
 * (1 Jan 1920 – 1 Jan 2050 by default) and the visible months around it. Labels come from Intl in
 * the page's language; date arithmetic from date-fns (this module is loaded lazily).
 */
import { addMonths, differenceInCalendarMonths, isSameDay, startOfMonth } from "date-fns";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { CALENDAR_MAX, CALENDAR_MIN, clampDay, dayForKey, formatDay, monthWeeks, parseDay, WEEK_STARTS_ON } from "~/lib/calendar";
import styles from "./CalendarGrid.module.css";

/** What a grid shows as chosen: one day (`from` only) or a range. */
export interface CalendarSelection {
  from: Date | null;
  to: Date | null;
}

export interface CalendarState {
  min: Date;
  max: Date;
  /** The day that holds the roving tabindex. */
  focused: Date;
  /** First visible month. */
  firstMonth: Date;
  /** The visible months, `count` of them from `firstMonth`. */
  months: Date[];
  /** Move the focus to a day (clamped to the range), showing its month, and focus its button. */
  moveTo: (day: Date) => void;
  /** Show other months (±n), keeping the focused day's weekday position when possible. */
  shiftMonths: (n: number) => void;
}

/**
 * Focus and visible months of a calendar.
 * @param container the dialog holding the grids (its day buttons carry `data-day`)
 * @param initial the day focused first (clamped)
 * @param count months shown side by side (1 on mobile, 2 on desktop)
 */
export function useCalendar(
  container: RefObject<HTMLElement | null>,
  initial: Date | null,
  count: number,
  minDay: string = CALENDAR_MIN,
  maxDay: string = CALENDAR_MAX,
): CalendarState {
  const min = useMemo(() => parseDay(minDay) as Date, [minDay]);
  const max = useMemo(() => parseDay(maxDay) as Date, [maxDay]);
  const lastFirstMonth = useMemo(() => startOfMonth(addMonths(max, 1 - count)), [max, count]);
  const fitFirstMonth = useCallback(
    (month: Date) => (month > lastFirstMonth ? lastFirstMonth : month < min ? startOfMonth(min) : month),
    [lastFirstMonth, min],
  );
  const [focused, setFocused] = useState(() => clampDay(initial ?? new Date(new Date().setHours(0, 0, 0, 0)), min, max));
  const [firstMonth, setFirstMonth] = useState(() => fitFirstMonth(startOfMonth(focused)));
  const focusPending = useRef(false);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    container.current?.querySelector<HTMLElement>(`[data-day="${formatDay(focused)}"]`)?.focus();
  }, [container, focused, firstMonth]);

  const moveTo = useCallback(
    (day: Date) => {
      const next = clampDay(day, min, max);
      focusPending.current = true;
      setFocused(next);
      setFirstMonth((first) => {
        const offset = differenceInCalendarMonths(next, first);
        if (offset >= 0 && offset < count) return first;
        return fitFirstMonth(startOfMonth(offset < 0 ? next : addMonths(next, 1 - count)));
      });
    },
    [min, max, count, fitFirstMonth],
  );

  const shiftMonths = useCallback(
    (n: number) => {
      setFirstMonth((first) => fitFirstMonth(addMonths(first, n)));
      setFocused((day) => clampDay(addMonths(day, n), min, max));
    },
    [fitFirstMonth, min, max],
  );

  const months = useMemo(() => Array.from({ length: count }, (_, i) => addMonths(firstMonth, i)), [firstMonth, count]);
  return { min, max, focused, firstMonth, months, moveTo, shiftMonths };
}

/** Previous/next year and month buttons; disabled at the ends of the selectable range. */
export function CalendarNav({ calendar }: { calendar: CalendarState }) {
  const { t } = useTranslation("common");
  const { firstMonth, months, min, max, shiftMonths } = calendar;
  const lastMonth = months[months.length - 1];
  const atStart = differenceInCalendarMonths(firstMonth, min) <= 0;
  const atEnd = differenceInCalendarMonths(max, lastMonth) <= 0;
  const buttons: [string, number, boolean][] = [
    ["calendar.prev-year", -12, atStart],
    ["calendar.prev-month", -1, atStart],
    ["calendar.next-month", 1, atEnd],
    ["calendar.next-year", 12, atEnd],
  ];
  return (
    <div className={styles.nav}>
      {buttons.map(([key, n, disabled]) => (
        <button
          key={key}
          type="button"
          className={styles.navButton}
          onClick={() => shiftMonths(n)}
          disabled={disabled}
          aria-label={t(key)}
          data-testid={key.replace("calendar.", "calendar-")}
        >
          <span aria-hidden="true">{n < -1 ? "«" : n < 0 ? "‹" : n > 1 ? "»" : "›"}</span>
        </button>
      ))}
    </div>
  );
}

export interface CalendarGridProps {
  calendar: CalendarState;
  /** Any day of the month to show. */
  month: Date;
  selection: CalendarSelection;
  onPick: (day: Date) => void;
}

/** One month as a grid of day buttons. Only the focused day is in the tab order. */
export function CalendarGrid({ calendar, month, selection, onPick }: CalendarGridProps) {
  const { i18n } = useTranslation();
  const captionId = useId();
  const { focused, min, max, moveTo } = calendar;
  const formats = useMemo(() => {
    const lng = i18n.language || "en";
    return {
      caption: new Intl.DateTimeFormat(lng, { month: "long", year: "numeric" }),
      day: new Intl.DateTimeFormat(lng, { weekday: "long", day: "numeric", month: "long", year: "numeric" }),
      weekdayShort: new Intl.DateTimeFormat(lng, { weekday: "short" }),
      weekdayLong: new Intl.DateTimeFormat(lng, { weekday: "long" }),
    };
  }, [i18n.language]);
  const weeks = monthWeeks(month);
  // 2024-01-01 was a Monday: the weekday names in week order.
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(2024, 0, 1 + ((i + WEEK_STARTS_ON - 1 + 7) % 7)));
  const { from, to } = selection;
  const inRange = (day: Date) => Boolean(from && to && day >= from && day <= to);
  const isEdge = (day: Date) => Boolean((from && isSameDay(day, from)) || (to && isSameDay(day, to)));

  return (
    <div className={styles.month}>
      <h3 id={captionId} className={styles.caption} aria-live="polite">
        {formats.caption.format(month)}
      </h3>
      <table role="grid" aria-labelledby={captionId} className={styles.grid}>
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d.getDay()} scope="col" abbr={formats.weekdayLong.format(d)}>
                {formats.weekdayShort.format(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) =>
                day ? (
                  <td key={i} role="gridcell" aria-selected={isEdge(day) || inRange(day)} className={styles.cell}>
                    <button
                      type="button"
                      data-day={formatDay(day)}
                      tabIndex={isSameDay(day, focused) ? 0 : -1}
                      disabled={day < min || day > max}
                      aria-label={formats.day.format(day)}
                      aria-current={isSameDay(day, new Date()) ? "date" : undefined}
                      className={`${styles.day} ${isEdge(day) ? styles.edge : inRange(day) ? styles.inRange : ""}`}
                      onClick={() => onPick(day)}
                      onKeyDown={(event) => {
                        // In a right-to-left page the left arrow goes forward in time (APG).
                        const rtl = event.currentTarget.closest("[dir]")?.getAttribute("dir") === "rtl";
                        const key = rtl
                          ? ({ ArrowLeft: "ArrowRight", ArrowRight: "ArrowLeft" }[event.key] ?? event.key)
                          : event.key;
                        const next = dayForKey(day, key, event.shiftKey);
                        if (!next) return;
                        event.preventDefault();
                        moveTo(next);
                      }}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                ) : (
                  <td key={i} role="gridcell" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
