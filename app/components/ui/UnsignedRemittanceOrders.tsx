/**
 * "Remittance orders to sign" (spec 000 §2 home signing tab and the payments page's 'required to
 * sign' list, §4 signing flow; docs/decisions.md "Who may sign"): the organization's remittance
 * orders awaiting a signature, each with its payee (a link to the order), sum and status, and a
 * "Sign" link to its signing page (`/payments/remittance/:id/sign`, which sends the code) for a
 * member who can sign, else the words that it waits for a signer. Nothing when there are none.
 * With `selectable` (the page has the batch form, UnsignedPayments `UnsignedBatchForm`), each row
 * has a `paymentOrderId` checkbox of that form, to sign or decline it with the payments (spec 000
 * §4). Links and a plain form: works without JavaScript. `count` (all of them) above the shown ones
 * adds a link to the whole list (/payments/remittance).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RemittanceOrder } from "../../../server/api/v1/contract";
import { Money } from "./Money";
import { RemittanceStatus } from "./RemittanceStatus";
import styles from "./FxRequestList.module.css";
import { BATCH_FORM_ID } from "./FxRequestList";

export function UnsignedRemittanceOrders({
  orders,
  count,
  canSign,
  selectable = false,
}: {
  orders: RemittanceOrder[];
  /** How many orders await a signature in all (the list may show fewer). */
  count: number;
  canSign: boolean;
  /** Whether each row gets a checkbox of the batch form (`BATCH_FORM_ID`). */
  selectable?: boolean;
}) {
  const { t } = useTranslation("remittance");
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="orders-to-sign-title" data-testid="orders-to-sign">
      <h3 id="orders-to-sign-title">{t("to-sign.title")}</h3>
      <ul className={styles.list}>
        {orders.map((o) => (
          <li key={o.id} className={styles.item} data-testid="order-to-sign" data-order-id={o.id}>
            {selectable ? (
              <input
                type="checkbox"
                name="paymentOrderId"
                value={o.id}
                form={BATCH_FORM_ID}
                aria-label={t("to-sign.select-label", { name: o.payee.name, amount: o.sum, currency: o.currencyId })}
              />
            ) : null}
            <Link to={`/payments/remittance/${o.id}`}>{o.payee.name}</Link>
            <Money amount={o.sum} currency={o.currencyId} />
            <RemittanceStatus status={o.status} />
            {canSign ? (
              <Link
                to={`/payments/remittance/${o.id}/sign`}
                className={styles.sign}
                data-testid="order-sign"
                aria-label={t("to-sign.sign-label", { name: o.payee.name, amount: o.sum, currency: o.currencyId })}
              >
                {t("to-sign.sign")}
              </Link>
            ) : (
              <span data-testid="order-waits">{t("to-sign.waits")}</span>
            )}
          </li>
        ))}
      </ul>
      {count > orders.length ? (
        <p>
          <Link to="/payments/remittance">{t("to-sign.more")}</Link>
        </p>
      ) : null}
    </section>
  );
}
