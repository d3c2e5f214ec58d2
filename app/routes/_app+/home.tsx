/**
 * /home (spec 000 §2 Home screen): accounts with balances (one account → its balances; more →
 * first 3 plus 'all my accounts' in a <details>), quick payment links, and tabs as links
 * (?tab=history | ?tab=signing | ?tab=remittance) — history shows the latest statement items,
 * signing the unsigned payments (cursor-paged: ?tab=signing&cursor=…; select several to sign
 * with one code or decline), the remittance orders and FX rate requests awaiting a signature
 * (each with its Sign link; docs/decisions.md "Who may sign"), with the count of ALL unsigned items on the tab (the
 * lists' totalCount), remittance the latest remittance orders (only when PAYMENTS-ORDERS-ENABLED is on
 * for the organization, spec 000 §2, spec 001 §6), requests the latest FX rate requests grouped by
 * creation day (?tab=requests; only when EXCHANGE-CUSTOM-RATE-ENABLED is on, spec 000 §2), fees the organization's tariff and custom fees
 * with their count (spec 001 §2; not for company officials, who make no payments); and the beneficiaries block (the same data
 * as the payments page's). Company officials without a personal account (no INDIVIDUAL
 * organization, no individual application but a declined one) get an open-account prompt. A company's home names
 * the company under the title (whose accounts these are: the header names the person). A banner
 * leads to /profile/agreements while the person has agreements to sign (GET
 * /v1/agreements/unsigned). No form libraries here (JS budget); the tabs other than history are
 * rendered by `__home.tabs.tsx`, a chunk the browser fetches only when one of them shows
 * (lib/split-part.tsx). A list the API refuses (the accounts, the open tab's, the fees, the
 * beneficiaries block) shows its
 * error in the list's place, the rest of the page as usual (spec 000 §7 "a failed list passes the
 * server message on as its error"; lib/list-errors.server.ts).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type {
  ListResponse,
  OrganizationFees,
  PaymentList,
  PaymentsSettings,
  ProfileAgreement,
  RemittanceOrderPage,
  StatementItem,
} from "../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { AccountBalances, AccountCard } from "~/components/ui/AccountBalances";
import { Alert } from "~/components/ui/Alert";
import { BeneficiariesBlock } from "~/components/ui/BeneficiariesBlock";
import { DayGroups } from "~/components/ui/DayGroups";
import { ListError } from "~/components/ui/ListError";
import { PlaceholderRows } from "~/components/ui/Placeholder";
import { StatementRow } from "~/components/ui/StatementRow";
import {
  feesCount,
  firstPageOnBadCursor,
  fxRequestsToSign,
  listAccounts,
  listFxRequestGroups,
  organizationOffers,
  recentBeneficiaries,
  remittanceOrdersToSign,
  requireAppContext,
  settleList,
  TabPanel,
  verifyCsrf,
} from "./__home.server";
import { groupByDay } from "~/lib/date-groups";
import i18next from "~/lib/i18next.server";
import { paymentOptions, type PaymentOptionId } from "~/lib/payment-options";
import { canSign } from "~/lib/signing";
import { splitPart } from "~/lib/split-part";
import styles from "./home.module.css";

export const handle = {
  i18n: ["common", "payments", "history", "remittance", "signing", "beneficiaries", "exchange"],
  titleKey: "common:home.title",
};

/** How many accounts the home screen shows before 'all my accounts' (spec 000 §9). */
const FIRST_ACCOUNTS = 3;
/** The chooser's options offered as quick payment actions on /home, in this order when shown. */
const QUICK_PAYMENTS: readonly PaymentOptionId[] = ["internal", "euro", "between-accounts"];

/** Placeholder rows where a tab's list is about to show (only with JavaScript, while it loads). */
function LoadingRows({ testId }: { testId?: string }) {
  return (
    <ul className={styles.history} aria-busy="true" data-testid={testId}>
      <PlaceholderRows />
    </ul>
  );
}

/**
 * The tabs other than history (`__home.tabs.tsx`): a chunk of its own in the browser, fetched
 * when one of them is shown (the history tab, the default, never loads it), or as soon as a
 * navigation to one starts.
 */
const tabPanel = splitPart(TabPanel, () => import("./__home.tabs"), <LoadingRows />);

/**
 * The "you are verified" popup (spec 000 §2 popups; docs/decisions.md "Verified popup"): shown
 * on /home once an application's approval identified the person, until they close it. A panel
 * at the top of the page rather than a modal, so it never hides the first look at the new
 * accounts; closing it is a plain form post (works without JavaScript).
 */
function VerifiedNotice() {
  const { t } = useTranslation("common");
  return (
    <section className={styles.verified} aria-labelledby="verified-title" data-testid="verified-notice">
      <h2 id="verified-title">{t("home.verified.title")}</h2>
      <p>{t("home.verified.text")}</p>
      <Form method="post">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="close-verified-notice" />
        <button type="submit" className={styles.verifiedClose}>
          {t("home.verified.close")}
        </button>
      </Form>
    </section>
  );
}

/** POST /home: close the verified popup (POST /v1/users/verified-notice), then /home again. */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  const form = await request.formData();
  await verifyCsrf(request, api.session, form);
  if (form.get("intent") === "close-verified-notice") await api.post("/users/verified-notice");
  return redirect("/home", { headers: await api.headers() });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org, user } = await requireAppContext(request);
  const lng = await i18next.getLocale(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("tab");
  const official = org.type === "COMPANY_OFFICIAL";
  // Paging applies to the signing tab's list; the count is always of every unsigned payment.
  const cursor = asked === "signing" ? url.searchParams.get("cursor") || undefined : undefined;
  const [accountsListed, unsigned, settings, beneficiaries, feesListed, offers] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    settleList(
      request,
      api
        .get<PaymentList>("/payments", { organizationId: org.id, status: "AWAITING_SIGNATURE", take: 20, cursor })
        .catch(firstPageOnBadCursor(api, cursor, "/home?tab=signing")),
    ),
    api.get<PaymentsSettings>("/settings/payments", { organizationId: org.id }).catch(() => null),
    settleList(request, official ? Promise.resolve([]) : recentBeneficiaries(api, org.id)),
    // The tab shows the count, so the fees are read whichever tab is open.
    settleList(request, official ? Promise.resolve(null) : api.get<OrganizationFees>(`/clients-organizations/${org.id}/fees`)),
    // The requests tab exists only when FX rate requests are enabled for the organization;
    // company officials without a personal account, nor one applied for, are invited to open one.
    organizationOffers(api, user, org),
  ]);
  const { customRate: requestsTab, openAccountInvitation } = offers;
  // A refused accounts list or fees read: their error in their place, the rest of the page kept.
  const accounts = accountsListed.data ?? [];
  const fees = feesListed.data;
  // The remittance tab exists only when orders are enabled for the organization.
  const remittanceTab = settings?.["PAYMENTS-ORDERS-ENABLED"] === true;
  const tab =
    asked === "signing"
      ? "signing"
      : asked === "remittance" && remittanceTab
        ? "remittance"
        : asked === "fees" && (fees || feesListed.error)
          ? "fees"
          : asked === "requests" && requestsTab
            ? "requests"
            : // A company official has no history tab: their list, and the tab marked current, is signing.
              official
              ? "signing"
              : "history";
  const [history, orders, fxRequests, toSign, fxListed, ordersListed] = await Promise.all([
    settleList(
      request,
      tab === "history" && !official
        ? api.get<ListResponse<StatementItem>>("/statements-items", { organizationId: org.id, take: 10 })
        : Promise.resolve(null),
    ),
    settleList(
      request,
      tab === "remittance"
        ? api.get<RemittanceOrderPage>("/payments-orders", { organizationId: org.id, all: true, take: 5 })
        : Promise.resolve(null),
    ),
    settleList(request, tab === "requests" ? listFxRequestGroups(api, org.id, 5, lng) : Promise.resolve(null)),
    // Agreements the bank asks this person to sign (issue 10): a banner to /profile/agreements.
    api.get<ListResponse<ProfileAgreement>>("/agreements/unsigned").catch(() => null),
    // FX rate requests awaiting a signature: counted on the signing tab and listed in it.
    settleList(request, fxRequestsToSign(api, org.id, lng, requestsTab)),
    // Remittance orders awaiting a signature likewise (only while orders are enabled: signing is refused otherwise).
    settleList(request, remittanceOrdersToSign(api, org.id, remittanceTab)),
  ]);
  const fxToSign = fxListed.data ?? { groups: [], count: 0 };
  const ordersToSign = ordersListed.data ?? { orders: [], count: 0 };
  return json(
    {
      agreementsToSign: toSign?.data.length ?? 0,
      // Identified by an application's approval and not yet told (spec 000 §2 "verified" popup).
      verifiedNotice: user.verifiedNoticeDue,
      tab,
      official,
      openAccountInvitation,
      accounts,
      accountsError: accountsListed.error,
      unsigned: unsigned.data?.data ?? [],
      unsignedCount: (unsigned.data?.totalCount ?? 0) + fxToSign.count + ordersToSign.count,
      // The open tab's list refused by the API: its error in the list's place.
      tabError:
        tab === "history"
          ? history.error
          : tab === "remittance"
            ? orders.error
            : tab === "requests"
              ? fxRequests.error
              : tab === "signing"
                ? unsigned.error
                : tab === "fees"
                  ? feesListed.error
                  : null,
      // A company official's panel is the signing list whatever the tab.
      unsignedError: unsigned.error,
      // The list shows on the signing tab (a company official's panel is the signing list whatever the tab).
      fxToSign: tab === "signing" || official ? fxToSign.groups : [],
      fxToSignCount: fxToSign.count,
      fxToSignError: fxListed.error,
      ordersToSign: tab === "signing" || official ? ordersToSign.orders : [],
      ordersToSignCount: ordersToSign.count,
      ordersToSignError: ordersListed.error,
      nextCursor: unsigned.data?.nextCursor ?? null,
      paged: Boolean(cursor),
      canSign: canSign(org),
      corporate: org.type === "CORPORATE",
      organizationName: org.fullName,
      history: groupByDay(history.data?.data ?? [], (i) => i.transferDate, lng),
      remittanceTab,
      orders: orders.data?.edges.map((e) => e.node) ?? [],
      requestsTab,
      fxGroups: fxRequests.data?.groups ?? [],
      beneficiaries: beneficiaries.data ?? [],
      beneficiariesError: beneficiaries.error,
      fees,
      // The fees tab stays when its read was refused (its error in the tab's place, no count).
      feesError: feesListed.error,
      feesCount: feesCount(fees),
      // Quick payment actions: the chooser's rule for each (spec 000 §2), and without an account
      // the no-accounts popup instead of a form (spec 000 §2 company officials, §6). With the
      // accounts refused, which options apply is unknown: only "All payment types" (/payments
      // shows the error where its options would be).
      quick: accountsListed.error
        ? []
        : paymentOptions(accounts, settings ?? { "PAYMENTS-ORDERS-ENABLED": false, paymentTypes: [] }).filter((o) =>
            QUICK_PAYMENTS.includes(o.id),
          ),
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** One operations tab: a link (works without JavaScript), marked current, with an optional count badge (and its words for screen readers). */
function Tab({
  to,
  current,
  testId,
  count,
  children,
}: {
  to: string;
  current: string;
  testId?: string;
  /** `attention`: the count asks for action (items to sign): the filled badge; else a quiet one. */
  count?: { value: number; label: string; testId: string; attention?: boolean };
  children: ReactNode;
}) {
  const active = to === current;
  return (
    <li>
      <Link
        to={`?tab=${to}`}
        aria-current={active ? "page" : undefined}
        className={active ? styles.tabActive : undefined}
        data-testid={testId}
      >
        {children}
        {count ? (
          <>
            {" "}
            <span className={count.attention ? styles.badge : styles.badgeQuiet} data-testid={count.testId}>
              {count.value}
            </span>
            <span className="visually-hidden"> {count.label}</span>
          </>
        ) : null}
      </Link>
    </li>
  );
}

export default function Home() {
  const {
    tab,
    official,
    openAccountInvitation,
    accounts,
    accountsError,
    unsignedCount,
    history,
    remittanceTab,
    requestsTab,
    beneficiaries,
    beneficiariesError,
    tabError,
    corporate,
    fees,
    feesError,
    feesCount,
    agreementsToSign,
    verifiedNotice,
    organizationName,
    quick,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["common", "payments", "history", "remittance", "exchange"]);
  // With JavaScript, placeholders while the history tab loads after a click on it (spec 000 §2).
  const navigation = useNavigation();
  const nextTab =
    navigation.state === "loading" && navigation.location.pathname === "/home"
      ? (new URLSearchParams(navigation.location.search).get("tab") ?? "history")
      : null;
  const historyLoading = !official && tab !== "history" && nextTab === "history";
  // Going to another tab: fetch its chunk while its data loads.
  const otherTabNext = nextTab !== null && (official || nextTab !== "history");
  useEffect(() => {
    if (otherTabNext) tabPanel.preload();
  }, [otherTabNext]);
  const shown = accounts.length === 1 ? accounts : accounts.slice(0, FIRST_ACCOUNTS);

  return (
    <>
      <h1>{t("home.title")}</h1>
      {verifiedNotice ? <VerifiedNotice /> : null}
      {agreementsToSign > 0 ? (
        <Alert testId="agreements-banner">
          {t("home.agreements-banner", { count: agreementsToSign })}{" "}
          <Link to="/profile/agreements">{t("home.agreements-link")}</Link>
        </Alert>
      ) : null}
      {corporate ? <p data-testid="organization-name">{organizationName}</p> : null}

      <section aria-labelledby="accounts-title" className={styles.section}>
        <h2 id="accounts-title">{t("accounts.title")}</h2>
        {accountsError ? <ListError message={accountsError} testId="home-accounts-error" /> : null}
        {accounts.length === 0 && !accountsError ? <p>{t("accounts.none")}</p> : null}
        {accounts.length === 0 ? null : accounts.length === 1 ? (
          // One account: its balances (spec 000 §2), under its name, which leads to its page.
          <ul className={styles.accounts}>
            <AccountCard account={accounts[0]} testIdPrefix="" />
          </ul>
        ) : (
          <ul className={styles.accounts}>
            {shown.map((account, i) => (
              <AccountCard key={account.id} account={account} testIdPrefix={i === 0 ? "" : undefined} />
            ))}
          </ul>
        )}
        {accounts.length > 1 ? (
          <details className={styles.all}>
            <summary>{t("accounts.all", { count: accounts.length })}</summary>
            <ul className={styles.allList}>
              {accounts.map((account) => (
                <li key={account.id} data-testid="all-accounts-item">
                  <details>
                    <summary>{account.name || account.number}</summary>
                    <AccountBalances account={account} />
                    <Link to={`/accounts/${account.id}`}>{t("accounts.details", { name: account.name || account.number })}</Link>
                  </details>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      {openAccountInvitation ? (
        <section aria-labelledby="open-account-title" className={styles.section} data-testid="open-account">
          <h2 id="open-account-title">{t("home.open-account.title")}</h2>
          <p>{t("home.open-account.text")}</p>
          <Link to="/identity/individual/personal-data">{t("home.open-account.link")}</Link>
        </section>
      ) : null}

      <section aria-labelledby="quick-title" className={styles.section}>
        <h2 id="quick-title">{t("home.quick.title")}</h2>
        <ul className={styles.quick}>
          {quick.map((o) => (
            <li key={o.id}>
              <Link to={o.href} data-testid={`quick-${o.id}`}>
                {t(`payments:options.${o.id}`)}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/payments">{t("home.quick.all")}</Link>
          </li>
        </ul>
      </section>

      {!official ? <BeneficiariesBlock beneficiaries={beneficiaries} error={beneficiariesError} /> : null}

      <section aria-labelledby="operations-title" className={styles.section}>
        <h2 id="operations-title">{t("home.operations")}</h2>
        <nav aria-label={t("home.tabs-label")}>
          <ul className={styles.tabs}>
            {!official ? (
              <Tab to="history" current={tab}>
                {t("home.tab.history")}
              </Tab>
            ) : null}
            <Tab
              to="signing"
              current={tab}
              count={{
                value: unsignedCount,
                label: t("home.tab.signing-count", { count: unsignedCount }),
                testId: "signing-count",
                attention: unsignedCount > 0,
              }}
            >
              {t("home.tab.signing")}
            </Tab>
            {remittanceTab ? (
              <Tab to="remittance" current={tab} testId="tab-remittance">
                {t("remittance:home.tab")}
              </Tab>
            ) : null}
            {requestsTab ? (
              <Tab to="requests" current={tab} testId="tab-requests">
                {t("exchange:requests.home.tab")}
              </Tab>
            ) : null}
            {fees || feesError ? (
              <Tab
                to="fees"
                current={tab}
                testId="tab-fees"
                count={
                  fees
                    ? {
                        value: feesCount,
                        label: t("payments:fees.tab-count", { count: feesCount }),
                        testId: "fees-count",
                      }
                    : undefined
                }
              >
                {t("payments:fees.tab")}
              </Tab>
            ) : null}
          </ul>
        </nav>
        {historyLoading ? (
          <LoadingRows testId="home-history-loading" />
        ) : tab !== "history" || official ? (
          <tabPanel.Part />
        ) : tabError ? (
          <ListError message={tabError} testId="home-history-error" />
        ) : history.length === 0 ? (
          <p>{t("history:empty")}</p>
        ) : (
          <>
            <DayGroups
              groups={history}
              idPrefix="home-day"
              level={3}
              listClassName={styles.history}
              renderItem={(item) => <StatementRow key={item.id} item={item} href={`/history/${item.id}`} />}
            />
            <Link to="/history?period=all">{t("history:see-all")}</Link>
          </>
        )}
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
