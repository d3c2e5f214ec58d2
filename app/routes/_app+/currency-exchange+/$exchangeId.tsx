/**
 * /currency-exchange/:exchangeId — the result of an executed exchange (GET /v1/exchange/:id):
 * both amounts, the rate, the fee and both balances after as posted. A quote not executed yet
 * goes back to its confirmation page.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ExchangeQuote } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { requireAppContext } from "~/lib/app-context.server";
import { formatAmount } from "~/lib/money";
import { QuoteDetails } from "./__quote-details";
import styles from "./exchange.module.css";

export const handle = { i18n: ["exchange"], titleKey: "exchange:result.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const exchange = await api.get<ExchangeQuote>(`/exchange/${encodeURIComponent(params.exchangeId ?? "")}`);
  if (exchange.status !== "EXECUTED")
    throw redirect(`/currency-exchange/confirm?quote=${encodeURIComponent(exchange.id)}`, { headers: await api.headers() });
  return json({ exchange }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export default function ExchangeResult() {
  const { exchange } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("exchange");
  const money = (amount: string, currency: string) =>
    `${formatAmount(amount, Math.max(2, amount.split(".")[1]?.length ?? 0), i18n.language)} ${currency}`;
  return (
    <>
      <h1>{t("result.title")}</h1>
      <Alert kind="success" testId="exchange-done">
        {t("result.text", {
          sell: money(exchange.sellAmount, exchange.fromCurrencyId),
          buy: money(exchange.buyAmount, exchange.toCurrencyId),
        })}
      </Alert>
      <QuoteDetails quote={exchange} />
      <p className={styles.actions}>
        <Link to="/home">{t("result.home")}</Link>
        <Link to="/currency-exchange">{t("result.again")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
