/**
 * The payment form of /payments/internal/form (route module `form.tsx` beside it, whose loader
 * looks the recipient up again from `?phone=` or `?companyNumber=`; its zod schema, shared with
 * the route's action, is ./__internal.schema.ts). Loaded as its own chunk in the browser (lib/split-screen.tsx);
 * rendered from a static import on the server.
 *
 * "Pay from" offers every balance, so the amount is checked at the chosen balance's currency
 * scale (spec 000 §5; USDT 6, SOL 9, GBP 2): the validator is made for the balances' scales
 * (`internalValidator(scales)`), by the screen and by the action alike.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { DraftAutosave, DraftNotice, SaveDraftButton } from "~/components/forms/DraftControls";
import { BeneficiaryPicker, ChosenBeneficiaryFields, withBeneficiary } from "~/components/forms/BeneficiaryPicker";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { PaymentPurposeFields } from "~/components/forms/PaymentPurposeFields";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { SourceBalanceSelect, useSourceScale } from "~/components/forms/SourceBalanceSelect";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { Alert } from "~/components/ui/Alert";
import { perScales } from "~/lib/currency-scales";
import { translateMessage } from "~/lib/i18n-message";
import { lazyValidator } from "~/lib/lazy-validator";
import { useIsHydrated } from "~/lib/use-hydrated";
import fieldStyles from "~/components/forms/Field.module.css";
import type { loader } from "./form";

export const FIELDS = ["source", "purpose", "categoryId", "amount", "reference"] as const;

/**
 * The form's rules (./__internal.schema.ts) for these currency scales, loaded when the form is
 * first used (lib/lazy-validator.ts); one per set of scales.
 */
const lazyInternal = perScales((scales) =>
  lazyValidator(() => import("./__internal.schema").then((m) => m.internalValidator(scales))),
);

export default function InternalScreen() {
  const {
    by,
    value,
    recipient,
    sources,
    sourcesError,
    idempotencyKey,
    pendingPaymentId,
    categories,
    categoriesError,
    draft,
    saved,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const query = `${by}=${encodeURIComponent(value)}`;
  const { scale, scales, onChange } = useSourceScale("internal-form", sources, draft?.source);
  return (
    <>
      <h1>{t("internal.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <section aria-labelledby="pay-title">
        <h2 id="pay-title">{t("internal.pay-to", { name: recipient.displayName })}</h2>
        <p>
          {by === "phone" ? t("internal.phone") : t("internal.company-number")}: {value} —{" "}
          <Link to={`/payments/internal?${query}`}>{t("internal.change-recipient")}</Link>
        </p>
        {saved.chosen || saved.error ? <BeneficiaryPicker choices={[]} chosen={saved.chosen} error={saved.error} /> : null}
        {sources.length === 0 && !sourcesError ? (
          <Alert>{t("no-accounts.text")}</Alert>
        ) : (
          <ValidatedForm
            id="internal-form"
            // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
            data-unsaved-guard
            validator={lazyInternal(scales)}
            method="post"
            onChange={onChange}
            action={withBeneficiary(`/payments/internal/form?${query}`, saved.chosen)}
            noValidate={hydrated}
            defaultValues={draft ?? undefined}
          >
            <DraftNotice restored={!!draft} />
            <ValidatedErrorSummary order={FIELDS} />
            <AuthenticityTokenInput />
            <IdempotencyKeyInput fallback={idempotencyKey} />
            <ChosenBeneficiaryFields chosen={saved.chosen} />
            <RecipientInput name={by === "phone" ? "recipientPhone" : "recipientCompanyNumber"} value={value} />
            <SourceBalanceSelect sources={sources} error={sourcesError} />
            <PaymentPurposeFields categories={categories} categoriesError={categoriesError} purposeRequired={false} />
            <PaymentFormEnd scale={scale}>
              <SaveDraftButton />
            </PaymentFormEnd>
            <DraftAutosave formId="internal-form" />
          </ValidatedForm>
        )}
      </section>
    </>
  );
}

/**
 * The recipient looked up (a hidden input: it is changed on the lookup page) and the bank's
 * refusal of it, when the payment was refused for the recipient (the API's `hasAccount`: no
 * account in the payment's currency; `isCustomer`, `isNotSelf`: the recipient changed since the
 * lookup). The error summary's link (`#<name>`) lands on that message, translated, above the
 * balance to pay from; "Choose another recipient" is in the line above the form.
 */
function RecipientInput({ name, value }: { name: "recipientPhone" | "recipientCompanyNumber"; value: string }) {
  const { t } = useTranslation("errors");
  const { error } = useField(name);
  const text = translateMessage(t, error);
  return (
    <>
      <input type="hidden" name={name} value={value} />
      {text ? (
        <div id={name} tabIndex={-1} className={`${fieldStyles.field} ${fieldStyles.invalid}`}>
          <p id={`${name}-error`} className={fieldStyles.error}>
            {text}
          </p>
        </div>
      ) : null}
    </>
  );
}
