/**
 * Notice on a payment form whose earlier payment still awaits signature (no second payment is
 * made: the form's idempotency key stays that payment's, lib/payments.server `paymentFormKey`).
 * A caller who signs is offered to sign it. A caller who cannot sign (official with signatureType
 * NONE: the payment waits for another official) is offered to view it, or to start a new payment
 * (`?after=<id>` releases the key; the rest of the address is kept).
 */
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Alert";
import { useCanSign } from "~/lib/use-can-sign";

export function PendingPaymentNotice({ paymentId }: { paymentId: string | null }) {
  const { t } = useTranslation("payments");
  const canSign = useCanSign();
  const location = useLocation();
  if (!paymentId) return null;
  if (canSign)
    return (
      <Alert testId="pending-payment">
        {t("pending.text")} <Link to={`/payments/${paymentId}/sign`}>{t("pending.sign-link")}</Link>
      </Alert>
    );
  const search = new URLSearchParams(location.search);
  search.set("after", paymentId);
  return (
    <Alert testId="pending-payment">
      {t("pending.waits-for-signer")} <Link to={`/payments/${paymentId}`}>{t("pending.view-link")}</Link>{" "}
      <Link to={`${location.pathname}?${search.toString()}`}>{t("pending.new-link")}</Link>
    </Alert>
  );
}
