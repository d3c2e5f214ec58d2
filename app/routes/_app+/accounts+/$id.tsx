/**
 * /accounts/:id — account page (spec 000 §2): number, IBAN/BIC/sort code when present
 * (components/ui/AccountDetails: the IBAN in groups of four, the sort code in pairs),
 * balances (each with its overdraft limit and available funds where the overdraft applies,
 * spec 000 §5), its live cards (spec 000 §3 Account "cards": name and masked number or 'card
 * ordered', status, linking to the card's page; an order link for this account — on small screens
 * the accounts column with its card links is hidden, so this is where they are) and the account's
 * recent history grouped by day (spec 000 §2 Layout; the account from GET /v1/accounts of the
 * active organization, the list the layout reads too; GET /v1/statements-items?account=). An
 * account not in that list, or whose history the API does not show: 404. A
 * history list it refuses otherwise shows its error in the list's place, the account kept (spec
 * 000 §7 "a failed list passes the server message on as its error"; lib/list-errors.server.ts).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ListResponse, StatementItem } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AccountDetails } from "~/components/ui/AccountDetails";
import { cardNumberShown } from "~/lib/card-number";
import { BalanceOverdraft, CurrencyIcon, currencyIconRow, Money } from "~/components/ui/Money";
import { DayGroups } from "~/components/ui/DayGroups";
import { ListError } from "~/components/ui/ListError";
import { StatementRow } from "~/components/ui/StatementRow";
import { ApiError } from "~/lib/api.server";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { groupByDay } from "~/lib/date-groups";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import styles from "../payments+/payments.module.css";

export const handle = { i18n: ["common", "history", "cards"], titleKey: "common:account.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const lng = await i18next.getLocale(request);
  const notFound = (error: unknown): never => {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  };
  const [accounts, history] = await Promise.all([
    // The layout reads this same list for the accounts column in the same navigation (one call,
    // shared while in flight: lib/api.server.ts), so the account is taken from it rather than
    // read again by id. The page shows only an account of the active organization (the history
    // below is the organization's), as GET /v1/accounts/:id with that history did.
    listAccounts(api, org.id),
    settleList(
      request,
      api
        .get<ListResponse<StatementItem>>("/statements-items", { organizationId: org.id, account: params.id, take: 10 })
        .catch(notFound),
    ),
  ]);
  const account = accounts.find((a) => a.id === params.id);
  if (!account) throw new Response("Not found", { status: 404 });
  // Newest first (the API's order), grouped by day as every transaction list (spec 000 §2 Layout).
  const days = groupByDay(history.data?.data ?? [], (i) => i.transferDate, lng);
  // Only what the cards list shows reaches the page (never more than the masked number).
  const cards = account.cards.map(({ id, path, cardName, cardNumber, status }) => ({ id, path, cardName, cardNumber, status }));
  return json(
    { account: { ...account, cards }, history: days, listError: history.error },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function AccountPage() {
  const { account, history, listError } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["common", "history"]);
  return (
    <>
      <h1>{account.name || account.number}</h1>
      <AccountDetails account={account} />
      <section aria-labelledby="balances-title">
        <h2 id="balances-title">{t("account.balances")}</h2>
        <ul className={styles.plainList}>
          {account.balances.map((b) => (
            <li key={b.id} className={currencyIconRow}>
              <CurrencyIcon code={b.currencyId} />
              <div>
                <Money
                  amount={b.amount}
                  currency={b.currencyId}
                  scale={b.currency?.scale ?? 2}
                  testId={`account-balance-${b.currencyId}`}
                />{" "}
                <Link
                  to={`/accounts/${account.id}/top-up?currencyId=${b.currencyId}`}
                  aria-label={`${t("history:topup.link")} ${b.currencyId}`}
                >
                  {t("history:topup.link")}
                </Link>
                <BalanceOverdraft balance={b} testId={`account-overdraft-${b.currencyId}`} />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cards-title" className={styles.section}>
        <h2 id="cards-title">{t("account.cards")}</h2>
        {account.cards.length === 0 ? (
          <p>{t("account.no-cards")}</p>
        ) : (
          <ul className={styles.plainList} data-testid="account-cards">
            {account.cards.map((c) => {
              const shown = cardNumberShown(c);
              return (
                <li key={c.id} data-testid="account-card">
                  <Link to={c.path}>{c.cardName}</Link>{" "}
                  {shown.kind === "number" ? (
                    <span dir="ltr">{shown.number}</span>
                  ) : (
                    `(${t(shown.kind === "ordered" ? "accounts.card-ordered" : "accounts.card-no-number")})`
                  )}
                  {" · "}
                  {t(`cards:status.${c.status}`)}
                </li>
              );
            })}
          </ul>
        )}
        <Link to={`/cards/order-card?accountId=${encodeURIComponent(account.id)}`}>{t("account.order-card")}</Link>
      </section>
      <section aria-labelledby="recent-title" className={styles.section}>
        <h2 id="recent-title">{t("history:recent")}</h2>
        {listError ? (
          <ListError message={listError} testId="account-history-error" />
        ) : history.length === 0 ? (
          <p>{t("history:empty")}</p>
        ) : (
          <DayGroups
            groups={history}
            idPrefix="account-day"
            level={3}
            listClassName={styles.plainList}
            renderItem={(item) => <StatementRow key={item.id} item={item} href={`/history/${item.id}`} />}
          />
        )}
        <Link to="/history?period=all">{t("history:see-all")}</Link>
      </section>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
