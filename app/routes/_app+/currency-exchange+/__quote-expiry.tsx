/**
 * How long an exchange quote (30 seconds, server/domain/exchange QUOTE_TTL_SECONDS) is still
 * valid, as a customer reads it (docs/decisions.md "A quote's expiry as time left"): the seconds
 * left and the clock time it ends, in the app's display zone and named ("UK time"), never UTC.
 * Without JavaScript the page says the seconds left when it was made; with it they count down,
 * from the page's arrival (not the browser's clock, which may differ from the bank's), and at
 * zero the page shows the quote as expired (`useQuoteSecondsLeft` → 0).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTimeWithSeconds } from "~/lib/dates";

/**
 * Seconds left of a quote, counting down in the browser.
 * @param secondsLeft whole seconds left when the loader answered (server clock), ≥ 0
 * @param quoteId the quote: a new quote (requoted) starts a new countdown
 * @returns `secondsLeft` during server rendering and before hydration (same text on both), then
 *   the seconds left since the page arrived, down to 0
 */
export function useQuoteSecondsLeft(secondsLeft: number, quoteId: string): number {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    const until = Date.now() + secondsLeft * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [secondsLeft, quoteId]);
  return left;
}

/** "This quote is valid for 28 more seconds, until 14:05:32 UK time." (not a live region: it changes every second). */
export function QuoteExpiry({ expiresAt, secondsLeft }: { expiresAt: string; secondsLeft: number }) {
  const { t } = useTranslation("exchange");
  return (
    <p data-testid="quote-expires">{t("confirm.expires", { count: secondsLeft, time: formatTimeWithSeconds(expiresAt) })}</p>
  );
}
