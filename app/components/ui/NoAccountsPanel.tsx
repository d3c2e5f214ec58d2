/**
 * The no-accounts popup (spec 001 §2 "No-accounts popup with description and image"; spec 000
 * §2): a panel styled as a dialog at the top of the page, for an organization without accounts
 * (/payments?prompt=no-accounts, /currency-exchange). Server-rendered, so it works without
 * JavaScript: a page section named by its heading (focusable, tabIndex -1, so a link to
 * `#no-accounts-title` lands on it), not a modal. A small decorative drawing (inline SVG,
 * aria-hidden), a short description and a link to open an account: /identity, where an
 * application starts, or for a company official /identity/individual/personal-data, where a
 * personal account is opened (spec 000 §2 route list; lib/payment-options `openAccountHref`).
 * Texts: the "payments" namespace (`no-accounts.*`).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OrganizationType } from "../../../server/api/v1/contract";
import { openAccountHref } from "~/lib/payment-options";
import styles from "./NoAccountsPanel.module.css";

/** @param organizationType the active organization's type (decides where 'open an account' leads) */
export function NoAccountsPanel({ organizationType }: { organizationType: OrganizationType }) {
  const { t } = useTranslation("payments");
  return (
    <section className={styles.panel} aria-labelledby="no-accounts-title" data-testid="no-accounts">
      <NoAccountsImage />
      <div>
        <h2 id="no-accounts-title" tabIndex={-1} className={styles.title}>
          {t("payments:no-accounts.title")}
        </h2>
        <p>{t("payments:no-accounts.text")}</p>
        <p>{t("payments:no-accounts.description")}</p>
        <Link to={openAccountHref(organizationType)} className={styles.link} data-testid="no-accounts-link">
          {t("payments:no-accounts.link")}
        </Link>
      </div>
    </section>
  );
}

/** An empty wallet with a plus: decoration only (aria-hidden), drawn in the page's colours. */
function NoAccountsImage() {
  return (
    <svg className={styles.image} viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <rect x="6" y="16" width="46" height="34" rx="5" fill="#e8f0f8" stroke="currentColor" strokeWidth="3" />
      <path d="M12 16 36 8l4 8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      <rect x="38" y="27" width="14" height="12" rx="3" fill="#fff" stroke="currentColor" strokeWidth="3" />
      <circle cx="50" cy="50" r="11" fill="currentColor" />
      <path d="M50 44v12M44 50h12" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
