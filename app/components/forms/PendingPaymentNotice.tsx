/** Notice on a payment form whose earlier payment still awaits signature (no second payment is made). */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Alert";
export function PendingPaymentNotice({ paymentId }: { paymentId: string | null }) {
  const { t } = useTranslation("payments");
  if (!paymentId) return null;
  return (
    <Alert testId="pending-payment">
      {t("pending.text")} <Link to={`/payments/${paymentId}/sign`}>{t("pending.sign-link")}</Link>
    </Alert>
  );
}
