/**
 * Focus handling of a modal dialog (WAI-ARIA APG dialog pattern), shared by the side panel and
 * the date pickers: on mount, focus moves into the dialog (the `initialFocus` element, else the
 * dialog itself) and the page behind it is made inert (inert-others.ts); Tab and Shift+Tab cycle
 * through its focusable elements; Escape closes; on unmount, the page is live again and focus
 * returns to `returnFocus()` or else to the element that had it before opening.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { makeOthersInert } from "./inert-others";

/**
 * Before the browser paints, so a dialog is never seen without the focus in it: an Escape pressed
 * the moment it appears reaches it, not the page behind (a plain effect ran after the paint).
 * A plain effect on the server, where neither runs.
 */
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalFocusOptions {
  /** Called on Escape. */
  onClose: () => void;
  /** Element to focus on open (default: the dialog element, which needs tabIndex={-1}). */
  initialFocus?: () => HTMLElement | null;
  /** Element to focus on close (default: the element focused before opening). */
  returnFocus?: () => HTMLElement | null;
}

/**
 * @param ref the dialog element
 * @returns the keydown handler to put on the dialog element (Tab trap and Escape)
 */
export function useModalFocus(
  ref: RefObject<HTMLElement | null>,
  options: ModalFocusOptions,
): (event: KeyboardEvent<HTMLElement>) => void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useBeforePaint(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restore = ref.current ? makeOthersInert(ref.current) : () => {};
    (latest.current.initialFocus?.() ?? ref.current)?.focus();
    return () => {
      // Live again before focus returns: an inert element cannot take focus.
      restore();
      const target = latest.current.returnFocus?.() ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [ref]);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        latest.current.onClose();
        return;
      }
      if (event.key !== "Tab" || !ref.current) return;
      const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0);
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === ref.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [ref],
  );
}
