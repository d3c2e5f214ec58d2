/**
 * The euro payment form of /payments/euro (route module `_index.tsx` beside it; its zod schema,
 * shared with the route's action, is ./__euro.schema.ts): the kind chosen on /payments/euro/payment-kinds
 * (SEPA credit transfer, SEPA Instant or TARGET2) travels as a hidden `paymentType`; purpose
 * and category are optional; what was typed is kept as a draft ("euro"). Loaded as its own
 * chunk in the browser (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { BeneficiaryPicker, ChosenBeneficiaryFields, withBeneficiary } from "~/components/forms/BeneficiaryPicker";
import { DraftAutosave, DraftNotice, SaveDraftButton } from "~/components/forms/DraftControls";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PaymentFormEnd } from "~/components/forms/PaymentFormEnd";
import { PaymentPurposeFields } from "~/components/forms/PaymentPurposeFields";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { useSourceLabel } from "~/lib/balance-sources";
import { ValidatedChoicesError, ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { lazyValidator } from "~/lib/lazy-validator";
import { useIsHydrated } from "~/lib/use-hydrated";
import type { loader } from "./_index";

export const FIELDS = ["accountId", "beneficiaryName", "iban", "bic", "purpose", "categoryId", "amount", "reference"] as const;

/** The form's rules (./__euro.schema.ts), loaded when the form is first used (lib/lazy-validator.ts). */
const validator = lazyValidator(() => import("./__euro.schema").then((m) => m.validator));

export default function EuroScreen() {
  const { sources, sourcesError, idempotencyKey, pendingPaymentId, categories, categoriesError, draft, kind, saved, prefill } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const sourceText = useSourceLabel();
  const hydrated = useIsHydrated();
  // The default kind posts to the plain URL (the page's usual address); a re-rendered form takes
  // the kind from `?kind=`, else from the draft the action keeps.
  const action = kind === "SEPA_SCT" ? "/payments/euro" : `/payments/euro?kind=${kind}`;
  return (
    <>
      <h1>{t("euro.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      {sources.length === 0 && !sourcesError ? (
        <Alert>{t("euro.no-eur")}</Alert>
      ) : (
        <>
          <BeneficiaryPicker choices={saved.choices} chosen={saved.chosen} error={saved.error} />
          <ValidatedForm
            // A picked beneficiary fills the form: a new form (defaults apply on mount only).
            key={saved.chosen?.id ?? "none"}
            id="euro-form"
            // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
            data-unsaved-guard
            validator={validator}
            method="post"
            action={withBeneficiary(action, saved.chosen)}
            noValidate={hydrated}
            defaultValues={prefill ? { ...draft, ...prefill } : (draft ?? undefined)}
          >
            <DraftNotice restored={!!draft} />
            <ValidatedErrorSummary order={FIELDS} />
            <AuthenticityTokenInput />
            <IdempotencyKeyInput fallback={idempotencyKey} />
            <ChosenBeneficiaryFields chosen={saved.chosen} />
            <input type="hidden" name="currencyId" value="EUR" />
            <input type="hidden" name="paymentType" value={kind} />
            <p data-testid="euro-kind">
              {t("euro-kinds.current", { kind: t(`schemes.${kind}`) })} —{" "}
              <Link to={`/payments/euro/payment-kinds?kind=${kind}`} aria-label={t("euro-kinds.change-label")}>
                {t("euro-kinds.change")}
              </Link>
            </p>
            {sourcesError ? (
              <ValidatedChoicesError id="accountId" label={t("fields.from-account")} message={sourcesError} required />
            ) : (
              <ValidatedField as="select" name="accountId" label={t("fields.from-account")} required>
                {sources.map((s) => (
                  <option key={s.accountId} value={s.accountId}>
                    {sourceText(s)}
                  </option>
                ))}
              </ValidatedField>
            )}
            <ValidatedField
              name="beneficiaryName"
              readOnly={saved.chosen !== null}
              label={t("fields.beneficiary-name")}
              autoComplete="off"
              required
              maxLength={140}
            />
            <ValidatedField
              name="iban"
              readOnly={saved.chosen !== null}
              label={t("fields.iban")}
              hint={t("fields.iban-hint")}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <ValidatedField
              name="bic"
              readOnly={saved.chosen !== null}
              label={t("fields.bic")}
              hint={t("fields.bic-hint")}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <PaymentPurposeFields categories={categories} categoriesError={categoriesError} purposeRequired={false} />
            <PaymentFormEnd amountLabelKey="fields.amount-eur">
              <SaveDraftButton />
            </PaymentFormEnd>
            <DraftAutosave formId="euro-form" />
          </ValidatedForm>
        </>
      )}
    </>
  );
}
