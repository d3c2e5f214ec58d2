/**
 * The screen of /payments (route module `_index.tsx` beside it): the accounts, the transfer
 * chooser, the lists to sign and the beneficiaries block. Loaded as its own chunk in the browser
 * (lib/split-screen.tsx: the layout hydrates without waiting for it, and until it is in the page
 * is the server-rendered HTML, whose links and forms work without JavaScript); rendered from a
 * static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountCard } from "~/components/ui/AccountBalances";
import { BeneficiariesBlock } from "~/components/ui/BeneficiariesBlock";
import { ListError } from "~/components/ui/ListError";
import { NoAccountsPanel } from "~/components/ui/NoAccountsPanel";
import { UnsignedFxRequests } from "~/components/ui/UnsignedFxRequests";
import { UnsignedBatchForm, UnsignedPayments } from "~/components/ui/UnsignedPayments";
import { UnsignedRemittanceOrders } from "~/components/ui/UnsignedRemittanceOrders";
import styles from "./payments.module.css";
import type { loader } from "./_index";

export default function Payments() {
  const {
    options,
    optionsError,
    unsigned,
    unsignedError,
    nextCursor,
    paged,
    noAccountsPrompt,
    organizationType,
    official,
    accounts,
    accountsError,
    beneficiaries,
    beneficiariesError,
    fxToSign,
    fxToSignCount,
    fxToSignError,
    ordersToSign,
    ordersToSignCount,
    ordersToSignError,
    ...signing
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["payments", "common"]);
  return (
    <>
      <h1>{t("title")}</h1>
      {noAccountsPrompt ? <NoAccountsPanel organizationType={organizationType} /> : null}
      {accounts.length > 0 || accountsError ? (
        <section aria-labelledby="accounts-title" className={styles.accountsSection} data-testid="payments-accounts">
          <h2 id="accounts-title">{t("common:accounts.title")}</h2>
          {accountsError ? (
            <ListError message={accountsError} testId="payments-accounts-error" />
          ) : (
            <ul className={styles.accounts}>
              {accounts.map((account) => (
                <AccountCard key={account.id} account={account} testId="payments-account" />
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="options-title">
        <h2 id="options-title">{t("options.title")}</h2>
        {optionsError ? (
          <ListError message={optionsError} testId="payment-options-error" />
        ) : (
          <ul className={styles.options}>
            {options.map((o) => (
              <li key={o.id}>
                <Link to={o.href} data-testid={`payment-option-${o.id}`}>
                  {t(`options.${o.id}`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="unsigned-title" className={styles.section}>
        <h2 id="unsigned-title">{t("unsigned.title")}</h2>
        {unsignedError ? (
          <ListError message={unsignedError} testId="unsigned-error" />
        ) : (
          <UnsignedPayments
            payments={unsigned}
            returnTo="/payments"
            canSign={signing.canSign}
            organizationName={signing.organizationName}
            more={nextCursor ? `/payments?cursor=${encodeURIComponent(nextCursor)}` : null}
            first={paged ? "/payments" : null}
            batchForm={false}
          />
        )}
        {ordersToSignError ? (
          <ListError message={ordersToSignError} testId="orders-to-sign-error" />
        ) : (
          <UnsignedRemittanceOrders orders={ordersToSign} count={ordersToSignCount} canSign={signing.canSign} selectable />
        )}
        {fxToSignError ? (
          <ListError message={fxToSignError} testId="fx-to-sign-error" />
        ) : (
          <UnsignedFxRequests groups={fxToSign} count={fxToSignCount} canSign={signing.canSign} selectable />
        )}
        {unsigned.length || ordersToSign.length || fxToSign.length ? (
          <UnsignedBatchForm returnTo="/payments" canSign={signing.canSign} />
        ) : null}
      </section>
      {official ? null : <BeneficiariesBlock beneficiaries={beneficiaries} error={beneficiariesError} />}
    </>
  );
}
