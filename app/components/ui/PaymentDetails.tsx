/**
 * What a payment is (amount, payee, payee account in the reader's language, reference, debited account) as a
 * description list: the same facts on the signing page (what the code authorises) and on
 * the receipt. `before` and `after` add rows (status first; date and new balance last). The
 * debited account reads as the rest of the app names accounts, with its number ("Main account —
 * 10000001"), when the page knows its name (`accountName`), else as its number. Labels stand
 * over their values in a narrow column (a phone), beside them in a wide one.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Payment } from "../../../server/api/v1/contract";
import { payeeAccountText } from "~/lib/payee-account";
import { Money } from "./Money";
import styles from "./PaymentDetails.module.css";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function PaymentDetails({
  payment,
  accountName,
  before,
  after,
}: {
  payment: Payment;
  /** The debited account's name (null or "": unknown or unnamed, the number alone). */
  accountName?: string | null;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation("payments");
  const payeeAccount = payeeAccountText(t, payment);
  return (
    <div className={styles.container}>
      <dl className={styles.details}>
        {before}
        <Row label={t("receipt.amount")}>
          <Money amount={payment.amount} currency={payment.currencyId} />
        </Row>
        <Row label={t("receipt.fee")}>
          {payment.fee ? <Money amount={payment.fee.amount} currency={payment.fee.currencyId} /> : t("receipt.no-fee")}
        </Row>
        <Row label={t("receipt.payee")}>{payment.benificiaryFullName}</Row>
        {payeeAccount ? <Row label={t("receipt.payee-account")}>{payeeAccount}</Row> : null}
        {payment.paymentType ? <Row label={t("receipt.scheme")}>{t(`schemes.${payment.paymentType}`)}</Row> : null}
        {payment.reference ? <Row label={t("fields.reference")}>{payment.reference}</Row> : null}
        {payment.purpose ? <Row label={t("fields.purpose")}>{payment.purpose}</Row> : null}
        <Row label={t("receipt.from")}>
          {accountName ? t("receipt.from-account", { name: accountName, number: payment.accountNumber }) : payment.accountNumber}
        </Row>
        {after}
      </dl>
    </div>
  );
}
