/**
 * Reload the page's data a few times after an action (spec 000 §4 signing flow: "the unsigned
 * list is refreshed after about 3 s and the operation history after about 7 s"; §9). Remix's
 * revalidation re-runs the page's loaders in place: nothing else is loaded, and without
 * JavaScript the server-rendered page already shows the state after the action.
 */
import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";

/** Sign follow-up refreshes (spec 000 §9): the unsigned list after 3 s, the history after 7 s. */
export const SIGN_REFRESH_MS = { unsigned: 3_000, history: 7_000 } as const;

/**
 * @param delaysMs when to revalidate, in milliseconds after the component mounted (once each)
 */
export function useRevalidateAfter(delaysMs: readonly number[]): void {
  const { revalidate } = useRevalidator();
  const key = delaysMs.join(",");
  useEffect(() => {
    const timers = key.split(",").map((ms) => setTimeout(revalidate, Number(ms)));
    return () => timers.forEach(clearTimeout);
    // `revalidate` changes identity with the router state; the timers are set once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
