/**
 * /payments/sign/result?ids=a,b&orders=…&fx=…&failed=id:CODE,…&back=… — the outcome of a batch
 * signing (issue 7 "Signing lists"; spec 000 §4): which payments, remittance orders and FX rate
 * requests were signed (their state now) and which were not, with the reason the API gave
 * (insufficient funds, supporting document required, no longer waiting, …), each linking to its
 * own page (/payments/:id, /payments/remittance/:id, /currency-exchange/requests/:id); then what
 * is still to sign (payments, remittance orders and FX rate requests, ticked into one batch form
 * as on the lists) and the latest operations (grouped by day). With JavaScript the
 * page reloads its data about 3 s and 7 s after it opened (spec 000 §4: the unsigned list after
 * 3 s, the history after 7 s); without it, the page already shows the state after signing.
 * Reasons are read from the URL but only known API codes are shown, and only for payments that
 * are not signed now. A list the API refuses (the still-to-sign lists, the latest operations)
 * shows its error in its place, the outcome of the signing as usual (spec 000 §7 "a failed list
 * passes the server message on as its error"; lib/list-errors.server, as on /payments).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ListResponse, PaymentList, PaymentsSettings, StatementItem } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { ListError } from "~/components/ui/ListError";
import { DayGroups } from "~/components/ui/DayGroups";
import { Money } from "~/components/ui/Money";
import { StatementRow } from "~/components/ui/StatementRow";
import { UnsignedFxRequests } from "~/components/ui/UnsignedFxRequests";
import { UnsignedBatchForm, UnsignedPayments } from "~/components/ui/UnsignedPayments";
import { UnsignedRemittanceOrders } from "~/components/ui/UnsignedRemittanceOrders";
import { requireAppContext } from "~/lib/app-context.server";
import { groupByDay } from "~/lib/date-groups";
import { fxRequestsToSign } from "~/lib/fx-requests.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { remittanceOrdersToSign } from "~/lib/remittance-to-sign.server";
import { CODE_KEYS } from "~/lib/server-errors";
import { canSign } from "~/lib/signing";
import { SIGN_REFRESH_MS, useRevalidateAfter } from "~/lib/use-revalidate-after";
import { useIsHydrated } from "~/lib/use-hydrated";
import { loadSelection, selectionFromUrl, type BatchItem } from "../__selection.server";
import styles from "../payments.module.css";

export const handle = {
  i18n: ["payments", "signing", "history", "remittance", "exchange"],
  titleKey: "signing:result.title",
};

/** Where each kind's statuses are named. */
const STATUS_KEYS: Record<BatchItem["kind"], string> = {
  payment: "payments:status",
  order: "remittance:status",
  fx: "exchange:requests.status",
};

/** Why an item of the batch is not signed: the API's code for it, else its state or status. */
function reasonKey(item: BatchItem, code: string | undefined): string {
  if (code && CODE_KEYS[code]) return CODE_KEYS[code];
  if (item.state === "declined") return "signing:result.declined";
  if (item.state === "waiting") return "signing:result.still-waiting";
  return `${STATUS_KEYS[item.kind]}.${item.status}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const lng = await i18next.getLocale(request);
  const { back, ...selection } = selectionFromUrl(request);
  const ids = [...selection.ids, ...selection.orders, ...selection.fx];
  const failed = new Map(
    (new URL(request.url).searchParams.get("failed") ?? "")
      .split(",")
      .map((pair) => pair.split(":") as [string, string | undefined])
      .filter(([id, code]) => ids.includes(id) && code),
  );
  const official = org.type === "COMPANY_OFFICIAL";
  const [selected, unsignedListed, historyListed, fxListed, ordersListed] = await Promise.all([
    loadSelection(api, selection).then((s) => s.items),
    settleList(request, api.get<PaymentList>("/payments", { organizationId: org.id, status: "AWAITING_SIGNATURE", take: 20 })),
    settleList(
      request,
      official
        ? Promise.resolve(null)
        : api.get<ListResponse<StatementItem>>("/statements-items", { organizationId: org.id, take: 5 }),
    ),
    // Still to sign: the remittance orders and FX rate requests too, as on the lists (spec 000 §2).
    settleList(request, fxRequestsToSign(api, org.id, lng)),
    settleList(
      request,
      remittanceOrdersToSign(
        api,
        org.id,
        api
          .get<PaymentsSettings>("/settings/payments", { organizationId: org.id })
          .then((s) => s["PAYMENTS-ORDERS-ENABLED"] === true),
      ),
    ),
  ]);
  const unsigned: PaymentList = unsignedListed.data ?? { data: [], nextCursor: null, totalCount: 0 };
  const fxToSign = fxListed.data ?? { groups: [], count: 0 };
  const ordersToSign = ordersListed.data ?? { orders: [], count: 0 };
  const history = historyListed.data;
  const slim = (i: BatchItem) => ({
    id: i.id,
    kind: i.kind,
    name: i.name,
    fx: i.fx,
    amount: i.amount,
    currencyId: i.currencyId,
    href: i.href,
  });
  return json(
    {
      back,
      signed: selected.filter((i) => i.state === "signed").map(slim),
      notSigned: selected
        .filter((i) => i.state !== "signed")
        .map((p) => ({ ...slim(p), reason: reasonKey(p, failed.get(p.id)) })),
      unsigned: unsigned.data,
      unsignedError: unsignedListed.error,
      fxToSign: fxToSign.groups,
      fxToSignCount: fxToSign.count,
      fxToSignError: fxListed.error,
      ordersToSign: ordersToSign.orders,
      ordersToSignCount: ordersToSign.count,
      ordersToSignError: ordersListed.error,
      unsignedMore: unsigned.nextCursor
        ? `${back}${back.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(unsigned.nextCursor)}`
        : null,
      canSign: canSign(org),
      organizationName: org.fullName,
      official,
      // The latest operations grouped by day, as every transaction list (spec 000 §2 Layout).
      history: groupByDay(history?.data ?? [], (i) => i.transferDate, lng),
      historyError: historyListed.error,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function BatchSignResult() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["signing", "payments", "history", "errors"]);
  const nameOf = (i: { name: string; currencyId: string; fx: { to: string } | null }) =>
    i.fx ? t("item.fx", { from: i.currencyId, to: i.fx.to }) : i.name;
  const hydrated = useIsHydrated();
  useRevalidateAfter([SIGN_REFRESH_MS.unsigned, SIGN_REFRESH_MS.history]);
  return (
    <>
      <h1>{t("result.title")}</h1>
      {data.signed.length ? (
        <Alert kind="success" testId="batch-signed-count">
          {t("result.signed", { count: data.signed.length })}
        </Alert>
      ) : null}
      {data.notSigned.length ? (
        <Alert kind="error" testId="batch-failed-count">
          {t("result.failed", { count: data.notSigned.length })}
        </Alert>
      ) : null}

      {data.signed.length ? (
        <section aria-labelledby="signed-title" className={styles.section}>
          <h2 id="signed-title">{t("result.signed-title")}</h2>
          <ul className={styles.plainList}>
            {data.signed.map((p) => (
              <li key={p.id} data-testid="batch-signed" data-kind={p.kind}>
                <Link to={p.href}>{nameOf(p)}</Link> <Money amount={p.amount} currency={p.currencyId} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.notSigned.length ? (
        <section aria-labelledby="failed-title" className={styles.section}>
          <h2 id="failed-title">{t("result.failed-title")}</h2>
          <ul className={styles.plainList}>
            {data.notSigned.map((p) => (
              <li key={p.id} data-testid="batch-failed" data-kind={p.kind}>
                <Link to={p.href} aria-label={t("result.open", { name: nameOf(p) })}>
                  {nameOf(p)}
                </Link>{" "}
                <Money amount={p.amount} currency={p.currencyId} />: <span data-testid="batch-failed-reason">{t(p.reason)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="unsigned-title" className={styles.section}>
        <h2 id="unsigned-title">{t("result.unsigned-title")}</h2>
        {hydrated ? <p>{t("result.refresh-note")}</p> : null}
        {data.unsignedError ? (
          <ListError message={data.unsignedError} testId="unsigned-error" />
        ) : (
          <UnsignedPayments
            payments={data.unsigned}
            returnTo={data.back}
            canSign={data.canSign}
            organizationName={data.organizationName}
            more={data.unsignedMore}
            batchForm={false}
          />
        )}
        {data.ordersToSignError ? (
          <ListError message={data.ordersToSignError} testId="orders-to-sign-error" />
        ) : (
          <UnsignedRemittanceOrders orders={data.ordersToSign} count={data.ordersToSignCount} canSign={data.canSign} selectable />
        )}
        {data.fxToSignError ? (
          <ListError message={data.fxToSignError} testId="fx-to-sign-error" />
        ) : (
          <UnsignedFxRequests groups={data.fxToSign} count={data.fxToSignCount} canSign={data.canSign} selectable />
        )}
        {data.unsigned.length || data.ordersToSign.length || data.fxToSign.length ? (
          <UnsignedBatchForm returnTo={data.back} canSign={data.canSign} />
        ) : null}
      </section>

      {data.official ? null : (
        <section aria-labelledby="history-title" className={styles.section}>
          <h2 id="history-title">{t("result.history-title")}</h2>
          {data.historyError ? (
            <ListError message={data.historyError} testId="result-history-error" />
          ) : data.history.length ? (
            <DayGroups
              groups={data.history}
              idPrefix="result-day"
              level={3}
              listClassName={styles.plainList}
              renderItem={(item) => <StatementRow key={item.id} item={item} />}
            />
          ) : (
            <p>{t("history:empty")}</p>
          )}
          <Link to="/history">{t("result.history-all")}</Link>
        </section>
      )}

      <p className={styles.section}>
        <Link to={data.back}>{t("batch.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
