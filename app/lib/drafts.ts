/**
 * Route helper for payment forms with drafts: a background draft save (intent=save-draft, see
 * components/forms/DraftControls.tsx) needs no reload of the page's data.
 * Usage in a form route module: `export const shouldRevalidate = skipDraftRevalidation;`
 */
import type { ShouldRevalidateFunction } from "@remix-run/react";

export const skipDraftRevalidation: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "save-draft" ? false : defaultShouldRevalidate;
