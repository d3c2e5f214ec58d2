// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { parseDay } from "~/lib/calendar";
import { CalendarGrid, CalendarNav, useCalendar } from "./CalendarGrid";

afterEach(cleanup);

/** A single-date picker from the same parts (issue 12): one month, one day selected. */
function SingleDate({ initial, dir }: { initial: string; dir?: "rtl" }) {
  const ref = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState(parseDay(initial));
  const calendar = useCalendar(ref, picked, 1);
  return (
    <div ref={ref} dir={dir}>
      <CalendarNav calendar={calendar} />
      <CalendarGrid calendar={calendar} month={calendar.months[0]} selection={{ from: picked, to: null }} onPick={setPicked} />
      <output>{picked ? picked.getDate() : ""}</output>
    </div>
  );
}

const day = (value: string) => document.querySelector<HTMLButtonElement>(`[data-day="${value}"]`)!;
const selected = () => [...document.querySelectorAll('[aria-selected="true"] [data-day]')].map((b) => b.getAttribute("data-day"));

describe("CalendarGrid (single date)", () => {
  it("selects one day, labelled in full, weeks from Monday", () => {
    render(<SingleDate initial="2026-11-24" />);
    expect(selected()).toEqual(["2026-11-24"]);
    expect(day("2026-11-24").getAttribute("aria-label")).toBe("Tuesday, November 24, 2026");
    expect(screen.getAllByRole("columnheader")[0].getAttribute("abbr")).toBe("Monday");
    fireEvent.click(day("2026-11-03"));
    expect(selected()).toEqual(["2026-11-03"]);
    expect(screen.getByRole("grid", { name: "November 2026" })).toBeTruthy();
  });

  it("changes months with the navigation buttons, keeping the focused day in the tab order", () => {
    render(<SingleDate initial="2026-01-31" />);
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(screen.getByRole("grid", { name: "February 2026" })).toBeTruthy();
    expect(day("2026-02-28").tabIndex).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Previous year" }));
    expect(screen.getByRole("grid", { name: "February 2025" })).toBeTruthy();
  });

  it("swaps the left and right arrows in a right-to-left page", () => {
    render(<SingleDate initial="2026-11-24" dir="rtl" />);
    day("2026-11-24").focus();
    fireEvent.keyDown(day("2026-11-24"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(day("2026-11-25"));
  });
});
