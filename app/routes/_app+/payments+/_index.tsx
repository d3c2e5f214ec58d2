/**
 * /payments — transfer chooser (spec 000 §2: options by lib/payment-options.ts from accounts
 * and GET /v1/settings/payments) and the 'required to sign' list of unsigned payments
 * (cursor-paged: ?cursor=…; select several to sign with one code or decline) followed by the
 * remittance orders and FX rate requests awaiting a signature (components/ui/UnsignedRemittanceOrders,
 * UnsignedFxRequests), the organization's accounts (each linking to /accounts/:id, with its
 * balances; spec 000 §2 route list "list of account and payment-type links"), and the
 * beneficiaries block (the same data as the home page's: lib/beneficiaries.server.ts). A company
 * official (spec 000 §2 Home screen, §6: no accounts column, no beneficiaries) gets neither the
 * accounts nor the beneficiaries; their beneficiaries are not even read. `?prompt=no-accounts`
 * (where Currency exchange leads without accounts) shows the no-accounts popup (NoAccountsPanel)
 * when the organization has none.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PaymentList, PaymentsSettings } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AccountCard } from "~/components/ui/AccountBalances";
import { BeneficiariesBlock } from "~/components/ui/BeneficiariesBlock";
import { ListError } from "~/components/ui/ListError";
import { NoAccountsPanel } from "~/components/ui/NoAccountsPanel";
import { UnsignedFxRequests } from "~/components/ui/UnsignedFxRequests";
import { UnsignedPayments } from "~/components/ui/UnsignedPayments";
import { UnsignedRemittanceOrders } from "~/components/ui/UnsignedRemittanceOrders";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { recentBeneficiaries } from "~/lib/beneficiaries.server";
import { fxRequestsToSign } from "~/lib/fx-requests.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { firstPageOnBadCursor } from "~/lib/paging.server";
import { paymentOptions } from "~/lib/payment-options";
import { remittanceOrdersToSign } from "~/lib/remittance-to-sign.server";
import { canSign } from "~/lib/signing";
import styles from "./payments.module.css";

export const handle = {
  i18n: ["payments", "signing", "beneficiaries", "exchange", "history", "remittance"],
  titleKey: "payments:title",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const official = org.type === "COMPANY_OFFICIAL";
  const url = new URL(request.url);
  const cursor = url.searchParams.get("cursor") || undefined;
  const lng = await i18next.getLocale(request);
  // The active organization's settings: PAYMENTS-ORDERS-ENABLED may be set for it alone.
  const settingsRead = api.get<PaymentsSettings>("/settings/payments", { organizationId: org.id });
  // The signing lists and the beneficiaries block show their own error when their call fails
  // (spec 000 §7 "a failed list passes the server message on as its error"; lib/list-errors.server.ts).
  const [accounts, settings, unsigned, beneficiaries, fxListed, ordersListed] = await Promise.all([
    listAccounts(api, org.id),
    settingsRead,
    settleList(
      request,
      api
        .get<PaymentList>("/payments", { organizationId: org.id, status: "AWAITING_SIGNATURE", take: 20, cursor })
        .catch(firstPageOnBadCursor(api, cursor, "/payments")),
    ),
    settleList(request, official ? Promise.resolve([]) : recentBeneficiaries(api, org.id)),
    // FX rate requests awaiting a signature: their own small list under the payments.
    settleList(request, fxRequestsToSign(api, org.id, lng)),
    // Remittance orders awaiting a signature, while orders are enabled (signing is refused
    // otherwise): read beside the setting, not after it.
    settleList(
      request,
      remittanceOrdersToSign(
        api,
        org.id,
        settingsRead.then((s) => s["PAYMENTS-ORDERS-ENABLED"] === true),
      ),
    ),
  ]);
  const fxToSign = fxListed.data ?? { groups: [], count: 0 };
  const ordersToSign = ordersListed.data ?? { orders: [], count: 0 };
  const prompt = url.searchParams.get("prompt") === "no-accounts";
  return json(
    {
      options: paymentOptions(accounts, settings),
      unsigned: unsigned.data?.data ?? [],
      unsignedError: unsigned.error,
      nextCursor: unsigned.data?.nextCursor ?? null,
      paged: Boolean(cursor),
      fxToSign: fxToSign.groups,
      fxToSignCount: fxToSign.count,
      fxToSignError: fxListed.error,
      ordersToSign: ordersToSign.orders,
      ordersToSignCount: ordersToSign.count,
      ordersToSignError: ordersListed.error,
      canSign: canSign(org),
      organizationName: org.fullName,
      noAccountsPrompt: prompt && accounts.length === 0,
      organizationType: org.type,
      official,
      // What the accounts section shows: each account's link and balances.
      accounts: official ? [] : accounts.map(({ id, name, number, balances }) => ({ id, name, number, balances })),
      beneficiaries: beneficiaries.data ?? [],
      beneficiariesError: beneficiaries.error,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function Payments() {
  const {
    options,
    unsigned,
    unsignedError,
    nextCursor,
    paged,
    noAccountsPrompt,
    organizationType,
    official,
    accounts,
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
          />
        )}
        {ordersToSignError ? (
          <ListError message={ordersToSignError} testId="orders-to-sign-error" />
        ) : (
          <UnsignedRemittanceOrders orders={ordersToSign} count={ordersToSignCount} canSign={signing.canSign} />
        )}
        {fxToSignError ? (
          <ListError message={fxToSignError} testId="fx-to-sign-error" />
        ) : (
          <UnsignedFxRequests groups={fxToSign} count={fxToSignCount} canSign={signing.canSign} />
        )}
      </section>
      {official ? null : <BeneficiariesBlock beneficiaries={beneficiaries} error={beneficiariesError} />}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
