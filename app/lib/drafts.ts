/**
 * Route helpers for payment drafts (spec 000 §4 "Leaving /payments/ paths clears the saved
 * transfer drafts and document drafts").
 *
 * - Payment forms: a background draft save (intent=save-draft, see
 *   components/forms/DraftControls.tsx) needs no reload of the page's data:
 *   `export const shouldRevalidate = skipDraftRevalidation;`
 * - The signed-in layout, whose loader clears the drafts (`clearDraftsOutsidePayments`), must
 *   run again when a client-side navigation leaves /payments: a pathless layout's loader is
 *   otherwise not called on link navigations (Remix reuses its data), so the drafts would
 *   outlive the visit: `export const shouldRevalidate = layoutRevalidation;`
 */
import type { ShouldRevalidateFunction } from "@remix-run/react";

/** Whether a URL path is one of the payment pages ("/payments" or under "/payments/"). */
export function isPaymentsPath(pathname: string): boolean {
  return pathname === "/payments" || pathname.startsWith("/payments/");
}

export const skipDraftRevalidation: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "save-draft" ? false : defaultShouldRevalidate;

export const layoutRevalidation: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formData, defaultShouldRevalidate }) => {
  if (formData?.get("intent") === "save-draft") return false;
  return defaultShouldRevalidate || (isPaymentsPath(currentUrl.pathname) && !isPaymentsPath(nextUrl.pathname));
};
