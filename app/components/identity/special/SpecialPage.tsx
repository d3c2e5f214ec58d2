/**
 * The frame of a special onboarding step page (identity verification, company officials,
 * documents): the page's heading, a notice after a saved change, and the error summary. The
 * identity layout (header, step list, back link: spec 001 §2 "Identity layout") is the layout
 * route's (routes/identity+/_layout.tsx), which renders the page's <main> around it; the step
 * list comes from the loader's `identityNav` (lib/identity.ts `identityNavOf`).
 */
import type { ReactNode } from "react";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { Alert } from "~/components/ui/Alert";
import styles from "./special.module.css";

export function SpecialPage({
  title,
  notice,
  errors,
  order,
  children,
}: {
  title: string;
  /** A translated success message (after a redirect with `?notice=`). */
  notice?: string | null;
  /** field id → message (`_form` form-level), from the action or the application's saved step errors. */
  errors?: Record<string, string>;
  order?: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      <ErrorSummary errors={errors} order={order} />
      {notice ? (
        <Alert kind="success" testId="notice">
          {notice}
        </Alert>
      ) : null}
      {children}
    </div>
  );
}
