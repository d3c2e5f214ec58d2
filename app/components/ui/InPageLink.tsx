/**
 * A link to an element of the same page (`#<to>`): the skip links, the error summary's links,
 * "attach documents" on the signing page. Without JavaScript it is a plain anchor. With JavaScript
 * its click focuses the element itself (scrolled into view) and prevents the hash navigation:
 * Remix's router treats that as a navigation and drops the last action's answer, and with it the
 * errors a form showed (remix-validated-form clears every field's error the bank sent), so a
 * customer sent to a field, or skipping to the content, would lose what was wrong
 * (docs/decisions.md "The error summary's links focus their field themselves"). An element that
 * cannot take focus (a `<main>` without tabindex) takes it for the moment, as the browser's own
 * fragment navigation moves the keyboard's starting point there; where no element has the id the
 * browser follows the link, and a click meant for a new tab or window (a middle click, or one with
 * Ctrl, ⌘, Shift or Alt held) is left to the browser as on any link.
 */
import type { AnchorHTMLAttributes, MouseEvent } from "react";

export interface InPageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** The target element's id (without `#`). */
  to: string;
}

export function InPageLink({ to, onClick, children, ...rest }: InPageLinkProps) {
  return (
    <a
      {...rest}
      href={`#${to}`}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) focusInPage(event, to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * Focus the element with `id` (module rules), the click's navigation prevented; nothing when there
 * is none or the click asks for another tab or window.
 */
function focusInPage(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
  if (document.activeElement !== target) {
    // Not focusable: focusable until it is left (GOV.UK's skip link does the same).
    target.setAttribute("tabindex", "-1");
    target.addEventListener("blur", () => target.removeAttribute("tabindex"), { once: true });
    target.focus();
  }
  if (document.activeElement !== target) target.scrollIntoView({ block: "center" });
}
