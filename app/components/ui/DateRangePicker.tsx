/**
 * Date-range picker (spec 000 §5/§9, 001 §2: "selectable range 1920-01-01 to 2050-01-01, one or
 * two calendars, a clear button"): a modal dialog (WAI-ARIA APG date picker dialog) with one
 * month on mobile and two side by side from 768 px. The first day picked starts the range, the
 * second ends it (either order) and applies it; Clear empties the range; Escape or Cancel closes
 * without change. It enhances a pair of `<input type="date">` fields, which stay the way to type a
 * range (and the only one without JavaScript). Loaded lazily (date-fns stays out of first loads).
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay, parseDay } from "~/lib/calendar";
import { CalendarGrid, CalendarNav, useCalendar } from "./CalendarGrid";
import { ModalDialog } from "./ModalDialog";
import styles from "./DateRangePicker.module.css";

export interface DateRangePickerProps {
  /** The current range, `yyyy-MM-dd` or "" (what the date inputs hold). */
  from: string;
  to: string;
  /** A complete range was picked (`from` ≤ `to`), or the range was cleared ("", ""). */
  onChange: (from: string, to: string) => void;
  /** Escape, Cancel, or after a range was picked. */
  onClose: () => void;
  /** Months side by side; default 2 from 768 px wide, else 1. */
  months?: number;
  /** Selectable bounds, `yyyy-MM-dd` (default 1920-01-01 … 2050-01-01). */
  min?: string;
  max?: string;
}

/** Two months on desktop, one on mobile. */
function defaultMonths(): number {
  return typeof window !== "undefined" && window.matchMedia?.("(min-width: 768px)").matches ? 2 : 1;
}

export function DateRangePicker({ from, to, onChange, onClose, months, min, max }: DateRangePickerProps) {
  const { t, i18n } = useTranslation("common");
  const titleId = useId();
  const statusId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The range shown: the fields' range until a first day is picked here, then the new range.
  const [range, setRange] = useState(() => ({ from: parseDay(from), to: parseDay(to), picking: false }));
  const [count] = useState(() => months ?? defaultMonths());
  const calendar = useCalendar(ref, range.from, count, min, max);
  const dayText = (day: Date) =>
    day.toLocaleDateString(i18n.language || "en", { day: "numeric", month: "long", year: "numeric" });

  function pick(day: Date) {
    calendar.moveTo(day);
    if (!range.picking || !range.from) {
      setRange({ from: day, to: null, picking: true });
      return;
    }
    const [start, end] = day < range.from ? [day, range.from] : [range.from, day];
    setRange({ from: start, to: end, picking: false });
    onChange(formatDay(start), formatDay(end));
    onClose();
  }

  function clear() {
    setRange({ from: null, to: null, picking: false });
    onChange("", "");
  }

  const status =
    range.picking && range.from
      ? t("calendar.pick-end", { from: dayText(range.from) })
      : range.from && range.to
        ? `${t("calendar.range", { from: dayText(range.from), to: dayText(range.to) })} ${t("calendar.pick-start")}`
        : t("calendar.pick-start");

  return (
    <div className={styles.overlay}>
      <ModalDialog
        dialogRef={ref}
        labelledBy={titleId}
        describedBy={statusId}
        className={styles.dialog}
        onClose={onClose}
        initialFocus={() => ref.current?.querySelector<HTMLElement>('[data-day][tabindex="0"]') ?? null}
        testId="date-range-picker"
      >
        <h2 id={titleId} className={styles.title}>
          {t("calendar.range-title")}
        </h2>
        <CalendarNav calendar={calendar} />
        <div className={styles.months}>
          {calendar.months.map((month) => (
            <CalendarGrid
              key={formatDay(month)}
              calendar={calendar}
              month={month}
              selection={range}
              onPick={(day) => pick(day)}
            />
          ))}
        </div>
        <p id={statusId} className={styles.status} aria-live="polite">
          {status}
        </p>
        <p className={styles.help}>{t("calendar.keys")}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.action} onClick={clear} disabled={!range.from && !from && !to}>
            {t("calendar.clear")}
          </button>
          <button type="button" className={styles.action} onClick={onClose}>
            {t("calendar.cancel")}
          </button>
        </div>
      </ModalDialog>
    </div>
  );
}

export default DateRangePicker;
