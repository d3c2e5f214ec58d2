/**
 * The end every payment form shares: amount (spec 000 §5 rules), optional reference (140
 * characters, the SEPA remittance-information limit), and the action row: Continue, the form's own
 * secondary actions (`children`, e.g. Save draft), Cancel (`PaymentActions` below).
 * `amountLabelKey` lets a form name its currency (e.g. "fields.amount-eur"); `scale` (decimals of
 * the chosen balance's currency, default 2) is what the amount input accepts and its hint names.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "./FormActions";
import { SubmitButton } from "./SubmitButton";
import { ValidatedAmountInput } from "./ValidatedAmountInput";
import { ValidatedField } from "./ValidatedField";

export function PaymentFormEnd({
  amountLabelKey = "fields.amount",
  scale,
  children,
}: {
  amountLabelKey?: string;
  scale?: number;
  /** Secondary actions between Continue and Cancel. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("payments");
  return (
    <>
      <ValidatedAmountInput
        label={t(amountLabelKey)}
        hint={scale === undefined ? t("fields.amount-hint") : t("fields.amount-hint-scale", { count: scale })}
        scale={scale}
      />
      <PaymentReferenceField />
      <PaymentActions>{children}</PaymentActions>
    </>
  );
}

/**
 * The optional payment reference (at most 140 characters: SEPA remittance information, SWIFT
 * field 70's 4 × 35) with its help text (what the payee sees), the same on every rail's form.
 */
export function PaymentReferenceField() {
  const { t } = useTranslation("payments");
  return (
    <ValidatedField
      name="reference"
      label={t("fields.reference")}
      hint={t("fields.optional")}
      tooltip={t("fields.reference-tooltip")}
      autoComplete="off"
      maxLength={140}
    />
  );
}

/**
 * The action row of a payment form: Continue (the form's default button: it comes first), the
 * form's own secondary actions (e.g. Save draft), Cancel back to /payments.
 */
export function PaymentActions({ children }: { children?: ReactNode }) {
  const { t } = useTranslation("payments");
  return (
    <FormActions>
      <SubmitButton>{t("continue")}</SubmitButton>
      {children}
      <Link to="/payments">{t("common:cancel")}</Link>
    </FormActions>
  );
}
