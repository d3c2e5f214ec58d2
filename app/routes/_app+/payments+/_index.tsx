/**
 * /payments — transfer chooser (spec 000 §2: options by lib/payment-options.ts from accounts
 * and GET /v1/settings/payments) and the 'required to sign' list of unsigned payments
 * (cursor-paged: ?cursor=…) followed by the remittance orders and FX rate requests awaiting a
 * signature (components/ui/UnsignedRemittanceOrders, UnsignedFxRequests), all of them ticked into
 * one batch form after the lists (sign several with one code, or decline them; spec 000 §4), the
 * organization's accounts (each linking to /accounts/:id, with its balances; spec 000 §2 route
 * list "list of account and payment-type links"), and the
 * beneficiaries block (the same data as the home page's: lib/beneficiaries.server.ts). A company
 * official (spec 000 §2 Home screen, §6: no accounts column, no beneficiaries) gets neither the
 * accounts nor the beneficiaries; their beneficiaries are not even read. `?prompt=no-accounts`
 * (where Currency exchange leads without accounts) shows the no-accounts popup (NoAccountsPanel)
 * when the organization has none.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AccountCard } from "~/components/ui/AccountBalances";
import { BeneficiariesBlock } from "~/components/ui/BeneficiariesBlock";
import { NoAccountsPanel } from "~/components/ui/NoAccountsPanel";
import { UnsignedFxRequests } from "~/components/ui/UnsignedFxRequests";
import { UnsignedBatchForm, UnsignedPayments } from "~/components/ui/UnsignedPayments";
import { UnsignedRemittanceOrders } from "~/components/ui/UnsignedRemittanceOrders";
import type { loader } from "./__index.server";
import styles from "./payments.module.css";

// The loader lives in a server module of its own (JS budget: one empty stub in the browser).
export { loader } from "./__index.server";

export const handle = {
  i18n: ["payments", "signing", "beneficiaries", "exchange", "history", "remittance"],
  titleKey: "payments:title",
};

export default function Payments() {
  const {
    options,
    unsigned,
    nextCursor,
    paged,
    noAccountsPrompt,
    organizationType,
    official,
    accounts,
    beneficiaries,
    fxToSign,
    fxToSignCount,
    ordersToSign,
    ordersToSignCount,
    ...signing
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["payments", "common"]);
  return (
    <>
      <h1>{t("title")}</h1>
      {noAccountsPrompt ? <NoAccountsPanel organizationType={organizationType} /> : null}
      {accounts.length > 0 ? (
        <section aria-labelledby="accounts-title" className={styles.accountsSection} data-testid="payments-accounts">
          <h2 id="accounts-title">{t("common:accounts.title")}</h2>
          <ul className={styles.accounts}>
            {accounts.map((account) => (
              <AccountCard key={account.id} account={account} testId="payments-account" />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="options-title">
        <h2 id="options-title">{t("options.title")}</h2>
        <ul className={styles.options}>
          {options.map((o) => (
            <li key={o.id}>
              <Link to={o.href} data-testid={`payment-option-${o.id}`}>
                {t(`options.${o.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="unsigned-title" className={styles.section}>
        <h2 id="unsigned-title">{t("unsigned.title")}</h2>
        <UnsignedPayments
          payments={unsigned}
          returnTo="/payments"
          canSign={signing.canSign}
          organizationName={signing.organizationName}
          more={nextCursor ? `/payments?cursor=${encodeURIComponent(nextCursor)}` : null}
          first={paged ? "/payments" : null}
          batchForm={false}
        />
        <UnsignedRemittanceOrders orders={ordersToSign} count={ordersToSignCount} canSign={signing.canSign} selectable />
        <UnsignedFxRequests groups={fxToSign} count={fxToSignCount} canSign={signing.canSign} selectable />
        {unsigned.length || ordersToSign.length || fxToSign.length ? (
          <UnsignedBatchForm returnTo="/payments" canSign={signing.canSign} />
        ) : null}
      </section>
      {official ? null : <BeneficiariesBlock beneficiaries={beneficiaries} />}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
