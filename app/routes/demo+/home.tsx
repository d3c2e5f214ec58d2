/**
 * /demo/home — the demo's home screen: the sample GBP, EUR and USD balances (spec 000 §9), the
 * demo cards (masked numbers) and the latest sample operations grouped by day, with links to the
 * rest of the demo. Static data (lib/demo.server.ts).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CurrencyIcon, currencyIconRow, Money } from "~/components/ui/Money";
import { DayGroups } from "~/components/ui/DayGroups";
import { StatementRow } from "~/components/ui/StatementRow";
import { cardOutOfUse } from "~/lib/card-number";
import { groupByDay } from "~/lib/date-groups";
import i18next from "~/lib/i18next.server";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { demoData } from "~/lib/demo.server";
import styles from "./demo.module.css";

export const handle = { i18n: ["demo", "history"], titleKey: "demo:home.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireDemoUser(request);
  const data = demoData();
  return json(
    {
      balances: data.accounts[0].balances.map((b) => ({ id: b.id, amount: b.amount, currencyId: b.currencyId })),
      cards: data.cards.map(({ id, path, cardName, cardNumber, status }) => ({ id, path, cardName, cardNumber, status })),
      history: groupByDay(data.history.slice(0, 4), (i) => i.transferDate, await i18next.getLocale(request)),
    },
    { headers: await demoHeaders(api) },
  );
}

export default function DemoHome() {
  const { balances, cards, history } = useLoaderData<typeof loader>();
  const { t } = useTranslation("demo");
  return (
    <>
      <h1>{t("home.heading")}</h1>
      <p>{t("home.intro")}</p>
      <h2>{t("home.balances")}</h2>
      <ul className={styles.balances} data-testid="demo-balances">
        {balances.map((b) => (
          <li key={b.id} className={currencyIconRow}>
            <CurrencyIcon code={b.currencyId} />
            <Money amount={b.amount} currency={b.currencyId} testId={`demo-balance-${b.currencyId}`} />
          </li>
        ))}
      </ul>
      <h2>{t("home.cards")}</h2>
      <ul className={styles.list}>
        {cards.map((c) => (
          <li key={c.id}>
            <Link to={c.path} data-testid="demo-card">
              {c.cardName} {c.cardNumber}
              {cardOutOfUse(c.status) ? ` · ${t(`common:accounts.card-status.${c.status}`)}` : null}
            </Link>
          </li>
        ))}
      </ul>
      <h2>{t("home.explore")}</h2>
      <ul className={styles.links}>
        <li>
          <Link to="/demo/payments">{t("home.pay")}</Link>
        </li>
        <li>
          <Link to="/demo/beneficiaries">{t("home.beneficiaries")}</Link>
        </li>
        <li>
          <Link to="/demo/profile">{t("home.profile")}</Link>
        </li>
      </ul>
      <h2>{t("home.history")}</h2>
      <DayGroups
        groups={history}
        idPrefix="demo-day"
        level={3}
        listClassName={styles.list}
        renderItem={(item) => <StatementRow key={item.id} item={item} href={`/demo/history/${item.id}`} />}
      />
      <Link to="/demo/history">{t("home.see-all")}</Link>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
