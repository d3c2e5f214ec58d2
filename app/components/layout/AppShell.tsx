/**
 * Signed-in layout (spec 000 §2 Layout): header (logo → /home, main navigation with the active
 * link marked by path, profile name, logout button), left column of accounts with their
 * currency balances (not for company officials), main content and the mobile tab bar
 * (home, history, chat, payments, services). The profile name leads to /profile/organizations
 * (the profile popup as a page); with JavaScript, LayoutWatch opens the popup instead and runs
 * the session-expiry, organization-changed and unsaved-changes popups. Links under
 * `data-layout-nav` (logo, navigation, tab bar) are the ones the unsaved-changes guard watches.
 */
import { Form, Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Account } from "../../../server/api/v1/contract";
import type { ProfileMenuData } from "~/lib/profile-menu";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import { Money } from "../ui/Money";
import styles from "./AppShell.module.css";
import { LayoutWatch, type WatchData } from "./LayoutWatch";

export interface AppShellProps {
  userName: string;
  accounts: Account[];
  showAccounts: boolean;
  /** Profile popup contents and session watch data (the `_app` layout; absent on 404 pages). */
  menu?: ProfileMenuData;
  watch?: WatchData;
  children: ReactNode;
}

const NAV = [
  { to: "/home", key: "nav.home" },
  { to: "/payments", key: "nav.payments" },
  { to: "/history", key: "nav.history" },
  { to: "/chat", key: "nav.chat" },
  { to: "/services", key: "nav.services" },
] as const;

export function AppShell({ userName, accounts, showAccounts, menu, watch, children }: AppShellProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t("skip-to-content")}
      </a>
      <header className={styles.header} data-layout-nav>
        <Link to="/home" className={styles.logo}>
          {t("brand")}
        </Link>
        <nav aria-label={t("nav.label")} className={styles.nav}>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.profile}>
          <Link to="/profile/organizations" className={styles.userName} data-testid="profile-link" data-profile-link>
            {userName}
          </Link>
          {/* Bound to the form at the end of the page via the `form` attribute (works without JS),
              so a page's own forms come first in document order. */}
          <button type="submit" form="logout-form" className={styles.logout}>
            {t("logout")}
          </button>
        </div>
      </header>
      <div className={styles.body}>
        {showAccounts ? (
          <aside className={styles.accounts} aria-label={t("accounts.column-label")}>
            <h2 className={styles.asideTitle}>{t("accounts.title")}</h2>
            {accounts.length === 0 ? <p>{t("accounts.none")}</p> : null}
            <ul className={styles.accountList}>
              {accounts.map((account) => (
                <li key={account.id}>
                  <details open>
                    <summary>{account.name || account.number}</summary>
                    <ul className={styles.balances}>
                      {account.balances.map((b) => (
                        <li key={b.id}>
                          <Money amount={b.amount} currency={b.currencyId} scale={b.currency?.scale ?? 2} />
                        </li>
                      ))}
                    </ul>
                    <Link to={`/accounts/${account.id}`} className={styles.accountLink}>
                      {t("accounts.details", { name: account.name || account.number })}
                    </Link>
                  </details>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
      <Form method="post" action="/auth/logout" id="logout-form" hidden>
        <AuthenticityTokenInput />
      </Form>
      <nav aria-label={t("nav.tabbar-label")} className={styles.tabbar} data-layout-nav>
        <ul>
          {[
            { to: "/home", key: "nav.home" },
            { to: "/history", key: "nav.history" },
            { to: "/chat", key: "nav.chat" },
            { to: "/payments", key: "nav.payments" },
            { to: "/services", key: "nav.services" },
          ].map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.tabActive : undefined)}>
                {t(item.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {menu && watch ? <LayoutWatch menu={menu} watch={watch} /> : null}
    </div>
  );
}
