// @vitest-environment jsdom
/**
 * A quote's expiry reads as the seconds left and the UK clock time (never UTC), and counts down
 * from the page's arrival, whatever the browser's clock says, to 0 (the page then shows it expired).
 */
import "~/test-utils/i18n";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuoteExpiry, useQuoteSecondsLeft } from "./__quote-expiry";

function Page({ expiresAt, secondsLeft, quoteId = "q1" }: { expiresAt: string; secondsLeft: number; quoteId?: string }) {
  const left = useQuoteSecondsLeft(secondsLeft, quoteId);
  return left > 0 ? <QuoteExpiry expiresAt={expiresAt} secondsLeft={left} /> : <p>expired</p>;
}

beforeEach(() => {
  vi.useFakeTimers();
  // The browser's clock is an hour off the bank's: the countdown must not care.
  vi.setSystemTime(new Date("2026-07-01T22:30:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("QuoteExpiry", () => {
  it("names the seconds left and the UK time (BST in summer), no UTC", () => {
    render(<QuoteExpiry expiresAt="2026-07-01T23:30:05Z" secondsLeft={28} />);
    expect(screen.getByTestId("quote-expires").textContent).toBe(
      "This quote is valid for 28 more seconds, until 00:30:05 UK time.",
    );
  });

  it("says 1 second in the singular", () => {
    render(<QuoteExpiry expiresAt="2026-12-01T10:00:00Z" secondsLeft={1} />);
    expect(screen.getByTestId("quote-expires").textContent).toBe(
      "This quote is valid for 1 more second, until 10:00:00 UK time.",
    );
  });

  it("counts down from the page's arrival to 0, and again for a fresh quote", () => {
    const view = render(<Page expiresAt="2026-07-01T23:30:05Z" secondsLeft={3} />);
    expect(screen.getByTestId("quote-expires").textContent).toContain("for 3 more seconds");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId("quote-expires").textContent).toContain("for 2 more seconds");
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText("expired")).toBeTruthy();
    view.rerender(<Page expiresAt="2026-07-01T23:31:05Z" secondsLeft={30} quoteId="q2" />);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByTestId("quote-expires").textContent).toContain("for 30 more seconds, until 00:31:05 UK time");
  });
});
