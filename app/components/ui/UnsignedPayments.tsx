/**
 * List of payments awaiting signature with Sign and Decline buttons (plain forms, work without
 * JS). Sign posts to the signing page (sends a code); Decline posts to the decline action.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Payment } from "../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import { Button } from "./Button";
import { Money } from "./Money";
import styles from "./UnsignedPayments.module.css";

export function UnsignedPayments({ payments, returnTo }: { payments: Payment[]; returnTo: string }) {
  const { t } = useTranslation("payments");
  if (payments.length === 0) return <p>{t("unsigned.empty")}</p>;
  return (
    <ul className={styles.list}>
      {payments.map((p) => (
        <li key={p.id} className={styles.item} data-testid="unsigned-payment">
          <div>
            <strong>{p.benificiaryFullName}</strong>
            <div>
              <Money amount={p.amount} currency={p.currencyId} />
            </div>
          </div>
          <div className={styles.actions}>
            <Form method="post" action={`/payments/${p.id}/sign`}>
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="send" />
              <Button type="submit" aria-label={t("unsigned.sign-label", { name: p.benificiaryFullName })}>
                {t("unsigned.sign")}
              </Button>
            </Form>
            <Form method="post" action={`/payments/${p.id}/decline`}>
              <AuthenticityTokenInput />
              <input type="hidden" name="returnTo" value={returnTo} />
              <Button type="submit" variant="danger" aria-label={t("unsigned.decline-label", { name: p.benificiaryFullName })}>
                {t("unsigned.decline")}
              </Button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}
