/**
 * The end every payment form shares: amount (spec 000 §5 rules), optional reference (140
 * characters, the SEPA remittance-information limit), Continue and Cancel.
 * `amountLabelKey` lets a form name its currency (e.g. "fields.amount-eur"); `scale` (decimals of
 * the chosen balance's currency, default 2) is what the amount input accepts and its hint names.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "./SubmitButton";
import { ValidatedAmountInput } from "./ValidatedAmountInput";
import { ValidatedField } from "./ValidatedField";

export function PaymentFormEnd({ amountLabelKey = "fields.amount", scale }: { amountLabelKey?: string; scale?: number }) {
  const { t } = useTranslation("payments");
  return (
    <>
      <ValidatedAmountInput
        label={t(amountLabelKey)}
        hint={scale === undefined ? t("fields.amount-hint") : t("fields.amount-hint-scale", { count: scale })}
        scale={scale}
      />
      <ValidatedField
        name="reference"
        label={t("fields.reference")}
        hint={t("fields.optional")}
        tooltip={t("fields.reference-tooltip")}
        autoComplete="off"
        maxLength={140}
      />
      <SubmitButton>{t("continue")}</SubmitButton> <Link to="/payments">{t("common:cancel")}</Link>
    </>
  );
}
