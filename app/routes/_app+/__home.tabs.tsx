/**
 * The /home operations tabs other than history (home.tsx): fees, remittance orders, FX rate
 * requests and the unsigned payments, remittance orders and FX rate requests (the signing tab,
 * and a company official's only list), all ticked into one batch form after the lists (signed
 * with one code or declined together; spec 000 §2, §4).
 * A chunk of its own in the browser, fetched only when one of these tabs is shown
 * (lib/split-part.tsx); the server renders it statically (__home.server.ts), so the tabs work
 * without JavaScript. Reads the home loader's data; a list the API refused shows its error in its
 * place (`tabError`, `unsignedError`: lib/list-errors.server.ts).
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FeesList } from "~/components/ui/FeesList";
import { FxRequestList } from "~/components/ui/FxRequestList";
import { ListError } from "~/components/ui/ListError";
import { Money } from "~/components/ui/Money";
import { RemittanceStatus } from "~/components/ui/RemittanceStatus";
import { UnsignedFxRequests } from "~/components/ui/UnsignedFxRequests";
import { UnsignedBatchForm, UnsignedPayments } from "~/components/ui/UnsignedPayments";
import { UnsignedRemittanceOrders } from "~/components/ui/UnsignedRemittanceOrders";
import type { loader } from "./home";
import styles from "./__home.tabs.module.css";

/** The open tab's list (any tab but history). */
export default function HomeTabPanel() {
  const {
    tab,
    fees,
    orders,
    fxGroups,
    fxToSign,
    fxToSignCount,
    fxToSignError,
    ordersToSign,
    ordersToSignCount,
    ordersToSignError,
    unsigned,
    unsignedError,
    tabError,
    nextCursor,
    paged,
    canSign,
    organizationName,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["remittance", "exchange"]);
  if (tab === "fees") return fees ? <FeesList fees={fees} /> : <ListError message={tabError ?? ""} testId="home-fees-error" />;
  if (tab === "remittance")
    return tabError ? (
      <ListError message={tabError} testId="home-remittance-error" />
    ) : orders.length === 0 ? (
      <p>{t("remittance:home.empty")}</p>
    ) : (
      <>
        <ul className={styles.list} data-testid="home-remittance">
          {orders.map((o) => (
            <li key={o.id} className={styles.order} data-testid="home-remittance-order">
              <Link to={`/payments/remittance/${o.id}`}>{o.payee.name}</Link> <Money amount={o.sum} currency={o.currencyId} />{" "}
              <RemittanceStatus status={o.status} rejectedBy={o.rejectedBy} />
            </li>
          ))}
        </ul>
        <Link to="/payments/remittance">{t("remittance:home.see-all")}</Link>
      </>
    );
  if (tab === "requests")
    return (
      <>
        {tabError ? (
          <ListError message={tabError} testId="home-fx-error" />
        ) : fxGroups.length === 0 ? (
          <p>{t("exchange:requests.home.empty")}</p>
        ) : (
          <FxRequestList groups={fxGroups} idPrefix="home-fx-day" canSign={canSign} />
        )}
        <Link to="/currency-exchange/requests">{t("exchange:requests.home.see-all")}</Link>
      </>
    );
  return (
    <>
      {unsignedError ? (
        <ListError message={unsignedError} testId="home-unsigned-error" />
      ) : (
        <UnsignedPayments
          payments={unsigned}
          returnTo="/home?tab=signing"
          canSign={canSign}
          organizationName={organizationName}
          more={nextCursor ? `/home?tab=signing&cursor=${encodeURIComponent(nextCursor)}` : null}
          first={paged ? "/home?tab=signing" : null}
          batchForm={false}
        />
      )}
      {ordersToSignError ? (
        <ListError message={ordersToSignError} testId="home-orders-to-sign-error" />
      ) : (
        <UnsignedRemittanceOrders orders={ordersToSign} count={ordersToSignCount} canSign={canSign} selectable />
      )}
      {fxToSignError ? (
        <ListError message={fxToSignError} testId="home-fx-to-sign-error" />
      ) : (
        <UnsignedFxRequests groups={fxToSign} count={fxToSignCount} canSign={canSign} selectable />
      )}
      {unsigned.length || ordersToSign.length || fxToSign.length ? (
        <UnsignedBatchForm returnTo="/home?tab=signing" canSign={canSign} />
      ) : null}
    </>
  );
}
