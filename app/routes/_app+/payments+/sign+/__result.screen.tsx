/**
 * The screen of /payments/sign/result (route module `result.tsx` beside it): the outcome of the
 * batch signing (signed, not signed and why), what is still to sign with its batch form, and the
 * latest operations. Loaded as its own chunk in the browser (lib/split-screen.tsx: the layout
 * hydrates without waiting for it, and until it is in the page is the server-rendered HTML,
 * whose links and forms work without JavaScript); rendered from a static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Alert";
import { DayGroups } from "~/components/ui/DayGroups";
import { ListError } from "~/components/ui/ListError";
import { Money } from "~/components/ui/Money";
import { StatementRow } from "~/components/ui/StatementRow";
import { UnsignedFxRequests } from "~/components/ui/UnsignedFxRequests";
import { UnsignedBatchForm, UnsignedPayments } from "~/components/ui/UnsignedPayments";
import { UnsignedRemittanceOrders } from "~/components/ui/UnsignedRemittanceOrders";
import styles from "../payments.module.css";
import type { loader } from "./result";

export default function BatchSignResultScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["signing", "payments", "history", "errors"]);
  const nameOf = (i: { name: string; currencyId: string; fx: { to: string } | null }) =>
    i.fx ? t("item.fx", { from: i.currencyId, to: i.fx.to }) : i.name;
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
        {/* In the page from the first paint, so nothing below it moves at hydration; hidden without
            JavaScript, whose lists do not update (`scripting: none`; docs/decisions.md "Nothing
            moves under a tap while a page hydrates"). */}
        <p className="scripts-only" data-testid="refresh-note">
          {t("result.refresh-note")}
        </p>
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
