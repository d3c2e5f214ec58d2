/**
 * The identity layout (spec 001 §2 "Identity layout"): its own header (brand linking to
 * /identity, 'Log out' posting to /auth/logout with the CSRF token), a back link, the step list
 * of an application step page, and the page; the language switcher in the footer (on a step
 * page it sends the step form: what was typed survives the switch). A page without a back link
 * gets, with JavaScript and a history longer than 2 entries, a Back button to the previous page
 * (spec 001 §2; ../ui/BackButton.tsx), on a line kept from the first paint so that nothing
 * shifts when it shows (docs/decisions.md "Nothing moves under a tap while a page hydrates");
 * without JavaScript it shows none. The unsaved-changes popup
 * watches the header and the step list, and the session-expiry popup counts down before the
 * inactivity limit (both JavaScript only, loaded after hydration: ./IdentityWatch.tsx).
 */
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StepNav } from "~/lib/identity";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import styles from "./identity.module.css";
import { StepList } from "./StepList";
import { STEP_FORM_ID } from "./form-state";
import { IdentityWatch } from "./IdentityWatch";
import { BrandMark } from "../layout/BrandMark";
import { LanguageSwitcher } from "../layout/LanguageSwitcher";
import { BackButton } from "../ui/BackButton";
import { BACK_HISTORY_MIN } from "~/lib/layout-widgets";
import { useIsHydrated } from "~/lib/use-hydrated";
import { InPageLink } from "~/components/ui/InPageLink";

export interface IdentityShellProps {
  nav: StepNav | null;
  backHref: string | null;
  /**
   * The page has a step form (./StepPage.tsx) or the company official's form (special/officials.tsx),
   * with the id STEP_FORM_ID: the language switcher sends it, keeping what was typed.
   */
  stepForm?: boolean;
  children: ReactNode;
}

export function IdentityShell({ nav, backHref, stepForm = false, children }: IdentityShellProps) {
  const { t } = useTranslation(["identity", "common"]);
  const hydrated = useIsHydrated();
  // Read on each render of a new location (a client navigation adds an entry).
  useLocation();
  const historyBack = !backHref && hydrated && window.history.length > BACK_HISTORY_MIN;
  return (
    <div className={styles.shell}>
      <InPageLink className={styles.skip} to="main">
        {t("common:skip-to-content")}
      </InPageLink>
      <header className={styles.header} data-identity-nav>
        <Link to="/identity" className={styles.logo}>
          <BrandMark />
        </Link>
        <Form method="post" action="/auth/logout" id="logout-form" className={styles.logoutForm}>
          <AuthenticityTokenInput />
          <button type="submit" className={styles.logout}>
            {t("common:logout")}
          </button>
        </Form>
      </header>
      <div className={styles.body}>
        {nav ? <StepList nav={nav} /> : null}
        <main id="main" className={styles.main} tabIndex={-1}>
          {backHref ? (
            <p data-identity-nav>
              <Link to={backHref} className={styles.back} data-testid="identity-back">
                <span aria-hidden="true" className={styles.backArrow}>
                  ←
                </span>{" "}
                {t("identity:layout.back")}
              </Link>
            </p>
          ) : (
            // Whether the history's Back shows is known only once hydrated (the history's length):
            // its line is there from the first paint, hidden until then (and for good when the
            // history is short), so nothing moves under a tap while the page loads. Without
            // JavaScript the line takes no room (`scripting: none`).
            <p className={historyBack ? undefined : "until-hydrated"} data-testid="history-back-line">
              <BackButton fallback="/identity" label={t("identity:layout.back")} className={styles.back} />
            </p>
          )}
          {children}
        </main>
      </div>
      <footer className={styles.footer}>
        <LanguageSwitcher stepFormId={stepForm ? STEP_FORM_ID : undefined} />
      </footer>
      <IdentityWatch />
    </div>
  );
}
