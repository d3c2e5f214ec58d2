/**
 * Signed-in layout (spec 000 §2 Layout): header (logo → /home, main navigation with the active
 * link marked by path, profile name, logout button), left column of accounts with their
 * currency balances and cards (masked number, 'card ordered' or 'no card number'; an order-card
 * link; not for company officials), main content and the mobile tab bar
 * (home, history, chat, payments, services). The profile name leads to /profile/organizations
 * (the profile popup as a page); with JavaScript, LayoutWatch opens the popup instead and runs
 * the session-expiry, organization-changed and unsaved-changes popups. Links under
 * `data-layout-nav` (logo, navigation, tab bar) are the ones the unsaved-changes guard watches.
 * With `demo` (demo mode, spec 000 §2): the demo's navigation and banner, no profile button, no
 * account-details or order-card links (nothing real behind them).
 */
import { Form, Link, NavLink } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Account, CardStatus } from "../../../server/api/v1/contract";
import type { ProfileMenuData } from "~/lib/profile-menu";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import { ListError } from "../ui/ListError";
import { BalanceOverdraft, CurrencyIcon, currencyIconRow, Money } from "../ui/Money";
import styles from "./AppShell.module.css";
import { LayoutWatch, type WatchData } from "./LayoutWatch";
import { BrandMark, SupportContacts } from "./BrandMark";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { forgetOpenedAccounts, useOpenedAccounts } from "./useOpenedAccounts";
import { initialsOf } from "~/lib/initials";
import { cardNumberShown, cardOutOfUse, type CardNumberShown } from "~/lib/card-number";
import { InPageLink } from "~/components/ui/InPageLink";

export interface AppShellProps {
  userName: string;
  /** Accounts, each with its cards when the layout loaded them (masked numbers only). */
  accounts: (Omit<Account, "cards"> & { cards?: SidebarCard[] })[];
  showAccounts: boolean;
  /** The accounts or cards list's error when the API refused it (lib/list-errors.server.ts), shown in the column. */
  accountsError?: string | null;
  /** Profile popup contents and session watch data (the `_app` layout; absent on 404 pages). */
  menu?: ProfileMenuData;
  watch?: WatchData;
  /** Demo mode: its navigation (header and tab bar) and banner; hides the profile button. */
  demo?: { nav: readonly NavItem[]; banner: ReactNode };
  children: ReactNode;
}

/** A navigation link: path and its common: key. */
export interface NavItem {
  to: string;
  key: string;
}

/** A card as the sidebar lists it: never more than the masked number (null while ORDERED). */
export interface SidebarCard {
  id: string;
  path: string;
  cardName: string;
  cardNumber: string | null;
  status: CardStatus;
}

const NAV: readonly NavItem[] = [
  { to: "/home", key: "nav.home" },
  { to: "/payments", key: "nav.payments" },
  { to: "/history", key: "nav.history" },
  { to: "/chat", key: "nav.chat" },
  { to: "/services", key: "nav.services" },
];

const TABBAR: readonly NavItem[] = [
  { to: "/home", key: "nav.home" },
  { to: "/history", key: "nav.history" },
  { to: "/chat", key: "nav.chat" },
  { to: "/payments", key: "nav.payments" },
  { to: "/services", key: "nav.services" },
];

export function AppShell({ userName, accounts, accountsError, showAccounts, menu, watch, demo, children }: AppShellProps) {
  const { t } = useTranslation();
  const nav = demo?.nav ?? NAV;
  const accountsRef = useRef<HTMLElement>(null);
  useOpenedAccounts(
    accountsRef,
    accounts.map((a) => a.id),
  );
  return (
    <div className={styles.shell}>
      <InPageLink className={styles.skip} to="main">
        {t("skip-to-content")}
      </InPageLink>
      <header className={styles.header} data-layout-nav>
        <Link to={nav[0].to} className={styles.logo}>
          <BrandMark />
        </Link>
        <nav aria-label={t("nav.label")} className={styles.nav}>
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {t(item.key, { count: watch?.chatUnread || undefined })}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.profile}>
          {demo ? null : (
            <Link to="/profile/organizations" className={styles.userName} data-testid="profile-link" data-profile-link>
              <Avatar name={userName} />
              {/* dir="auto": a Latin name on a right-to-left page is cut at its end ("Oliver Thom…"), not its start. */}
              <span className={styles.userNameText} dir="auto">
                {userName}
              </span>
            </Link>
          )}
          {/* Bound to the form at the end of the page via the `form` attribute (works without JS),
              so a page's own forms come first in document order. */}
          <button type="submit" form="logout-form" className={styles.logout}>
            {t("logout")}
          </button>
        </div>
      </header>
      {demo?.banner}
      <div className={styles.body}>
        {showAccounts ? (
          <aside ref={accountsRef} className={styles.accounts} aria-label={t("accounts.column-label")}>
            <h2 className={styles.asideTitle}>{t("accounts.title")}</h2>
            {accountsError ? <ListError message={accountsError} testId="accounts-error" /> : null}
            {accounts.length === 0 && !accountsError ? <p>{t("accounts.none")}</p> : null}
            <ul className={styles.accountList}>
              {accounts.map((account) => (
                <li key={account.id}>
                  <details open data-account-id={account.id}>
                    <summary>{account.name || account.number}</summary>
                    <ul className={styles.balances}>
                      {account.balances.map((b) => (
                        <li key={b.id} className={currencyIconRow}>
                          <CurrencyIcon code={b.currencyId} size={24} />
                          <div>
                            <Money amount={b.amount} currency={b.currencyId} scale={b.currency?.scale ?? 2} />
                            <BalanceOverdraft balance={b} testId={`sidebar-overdraft-${b.currencyId}`} />
                          </div>
                        </li>
                      ))}
                    </ul>
                    <CardLinks cards={account.cards} className={styles.balances} />
                    {demo ? null : (
                      <Link to={`/accounts/${account.id}`} className={styles.accountLink}>
                        {t("accounts.details", { name: account.name || account.number })}
                      </Link>
                    )}
                  </details>
                </li>
              ))}
            </ul>
            {demo ? null : <Link to="/cards/order-card">{t("accounts.order-card")}</Link>}
          </aside>
        ) : null}
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
      <footer className={styles.footer}>
        <SupportContacts />
        <LanguageSwitcher />
      </footer>
      <Form method="post" action="/auth/logout" id="logout-form" hidden onSubmit={forgetOpenedAccounts}>
        <AuthenticityTokenInput />
      </Form>
      <nav aria-label={t("nav.tabbar-label")} className={styles.tabbar} data-layout-nav>
        <ul>
          {(demo?.nav ?? TABBAR).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.tabActive : undefined)}>
                {t(item.key, { count: watch?.chatUnread || undefined })}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {menu && watch ? <LayoutWatch menu={menu} watch={watch} /> : null}
    </div>
  );
}

/** The profile button's avatar: the name's initials, or a figure when the name has none (decoration: the name follows). */
function Avatar({ name }: { name: string }) {
  const initials = initialsOf(name);
  return (
    <span className={styles.avatar} aria-hidden="true" data-testid="avatar">
      {initials || (
        <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}

/**
 * An account's cards as links to their pages: name and masked number, "Card ordered" (status
 * ORDERED) or "No card number" (spec 000 §4; lib/card-number), then, inside the link, the status
 * of a card that cannot pay (" · Frozen": `cardOutOfUse`; docs/decisions.md "Cards out of use
 * named in the sidebar"); nothing when it has no cards. Used by the accounts column and /services.
 */
export function CardLinks({ cards, className }: { cards: readonly SidebarCard[] | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!cards?.length) return null;
  // The masked number never breaks inside; a status is set apart from the card's name.
  const cardText = (shown: CardNumberShown) =>
    shown.kind === "number" ? (
      <span className={styles.cardNumber}>{shown.number}</span>
    ) : (
      <span className={styles.cardNumber}>
        ({t(shown.kind === "ordered" ? "accounts.card-ordered" : "accounts.card-no-number")})
      </span>
    );
  return (
    <ul className={className}>
      {cards.map((c) => (
        <li key={c.id}>
          <Link to={c.path}>
            {c.cardName} {cardText(cardNumberShown(c))}
            {cardOutOfUse(c.status) ? ` · ${t(`accounts.card-status.${c.status}`)}` : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
