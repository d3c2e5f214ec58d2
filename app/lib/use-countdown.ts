/**
 * Seconds left until an ISO time (spec 000 §4/§9: 60 s resend countdown). Returns 0 during
 * server rendering and without JS, so the resend button is shown (the server still refuses
 * early resends).
 */
import { useEffect, useState } from "react";

export function useCountdown(untilIso: string | null | undefined): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!untilIso) return;
    const until = Date.parse(untilIso);
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [untilIso]);
  return left;
}
