// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DateRangePicker } from "./DateRangePicker";

afterEach(cleanup);

const day = (value: string) => document.querySelector<HTMLButtonElement>(`[data-day="${value}"]`);
const focusedDay = () => (document.activeElement as HTMLElement | null)?.dataset.day;
const press = (key: string, shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key, shiftKey });

function open(props: Partial<Parameters<typeof DateRangePicker>[0]> = {}) {
  const onChange = vi.fn();
  const onClose = vi.fn();
  render(<DateRangePicker from="" to="" months={1} onChange={onChange} onClose={onClose} {...props} />);
  return { onChange, onClose };
}

describe("DateRangePicker", () => {
  it("is a modal dialog that opens on the range's first day, focused, the only day in the tab order", () => {
    open({ from: "2026-03-10", to: "2026-03-20" });
    const dialog = screen.getByRole("dialog", { name: "Choose dates" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(focusedDay()).toBe("2026-03-10");
    expect(document.querySelectorAll('[data-day][tabindex="0"]')).toHaveLength(1);
    expect(screen.getAllByRole("grid")).toHaveLength(1);
    // The range is shown as selected.
    expect(day("2026-03-15")!.closest("td")!.getAttribute("aria-selected")).toBe("true");
    expect(day("2026-03-21")!.closest("td")!.getAttribute("aria-selected")).toBe("false");
  });

  it("shows two months side by side when asked (desktop)", () => {
    open({ from: "2026-03-10", months: 2 });
    expect(screen.getAllByRole("grid")).toHaveLength(2);
    expect(day("2026-04-30")).not.toBeNull();
  });

  it("moves the focus with the keyboard, across months", () => {
    open({ from: "2026-03-31" });
    press("ArrowRight");
    expect(focusedDay()).toBe("2026-04-01");
    press("ArrowUp");
    expect(focusedDay()).toBe("2026-03-25");
    press("Home");
    expect(focusedDay()).toBe("2026-03-23");
    press("End");
    expect(focusedDay()).toBe("2026-03-29");
    press("PageDown");
    expect(focusedDay()).toBe("2026-04-29");
    press("PageUp", true);
    expect(focusedDay()).toBe("2025-04-29");
  });

  it("keeps to 1 Jan 1920 – 1 Jan 2050: the keys stop there, days beyond are disabled, so is the navigation", () => {
    open({ from: "1920-01-05" });
    press("PageUp", true);
    expect(focusedDay()).toBe("1920-01-01");
    press("ArrowLeft");
    expect(focusedDay()).toBe("1920-01-01");
    expect(screen.getByRole("button", { name: "Previous month" })).toHaveProperty("disabled", true);
    expect(screen.getByTestId("calendar-prev-year")).toHaveProperty("disabled", true);
    cleanup();

    open({ from: "2049-12-30" });
    press("ArrowDown");
    expect(focusedDay()).toBe("2050-01-01");
    expect(day("2050-01-02")!.disabled).toBe(true);
    expect(screen.getByTestId("calendar-next-month")).toHaveProperty("disabled", true);
    fireEvent.click(day("2050-01-02")!);
    expect(day("2050-01-02")!.closest("td")!.getAttribute("aria-selected")).toBe("false");
  });

  it("applies a range from two picks, in either order, then closes", () => {
    const { onChange, onClose } = open({ from: "2026-03-10", to: "2026-03-12" });
    fireEvent.click(day("2026-03-20")!);
    expect(onChange).not.toHaveBeenCalled(); // the first pick starts a new range
    fireEvent.click(day("2026-03-05")!);
    expect(onChange).toHaveBeenCalledWith("2026-03-05", "2026-03-20");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("clears the range, and closes without change on Escape or Cancel", () => {
    const { onChange, onClose } = open({ from: "2026-03-10", to: "2026-03-12" });
    fireEvent.click(screen.getByRole("button", { name: "Clear dates" }));
    expect(onChange).toHaveBeenCalledWith("", "");
    expect(day("2026-03-11")!.closest("td")!.getAttribute("aria-selected")).toBe("false");
    press("Escape");
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
