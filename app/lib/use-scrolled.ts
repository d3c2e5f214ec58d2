/**
 * The popup header's scrolled state (spec 000 §9: "Popup header shows a scrolled state after
 * 15 px of scroll"): a progressive enhancement — without JavaScript nothing is marked and
 * nothing else changes.
 */
import { useEffect, useState, type RefObject } from "react";

/** Scroll distance, in CSS pixels, past which a popup's header shows its scrolled state (spec 000 §9). */
export const POPUP_HEADER_SCROLLED_AFTER_PX = 15;

/**
 * Whether the element is scrolled more than `px` from its top, updated on its scroll events.
 * @param ref the scroll container (its `scrollTop`, CSS pixels)
 * @param px threshold in CSS pixels (default: the spec's 15)
 * @returns true once `scrollTop > px`, false again at or under it (and before the first effect)
 */
export function useScrolledPast(ref: RefObject<HTMLElement>, px = POPUP_HEADER_SCROLLED_AFTER_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setScrolled(el.scrollTop > px);
    update();
    el.addEventListener("scroll", update, { passive: true });
    return () => el.removeEventListener("scroll", update);
  }, [ref, px]);
  return scrolled;
}
