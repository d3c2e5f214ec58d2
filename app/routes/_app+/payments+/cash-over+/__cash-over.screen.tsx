/**
 * The form of /payments/cash-over/form (route module `form.tsx` beside it; its zod schema, shared
 * with the route's action, is ./__cash-over.schema.ts): pay-from balance (same currency as chosen on
 * /payments/cash-over), the PSP partner paying out the cash (a select when
 * GET /v1/settings/psp-partners offers the choice, else a sentence: the bank chooses; a partners
 * list the API refused: its error in the select's place), the
 * collector's full name and phone (E.164), purpose and category (optional), amount and
 * reference. Loaded as its own chunk in the browser (lib/split-screen.tsx); rendered from a
 * static import on the server.
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
import { SourceBalanceSelect } from "~/components/forms/SourceBalanceSelect";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedChoicesError, ValidatedField } from "~/components/forms/ValidatedField";
import { lazyValidator } from "~/lib/lazy-validator";
import { useIsHydrated } from "~/lib/use-hydrated";
import styles from "../payments.module.css";
import type { loader } from "./form";

export const FIELDS = [
  "source",
  "pspPartnerId",
  "beneficiaryName",
  "collectorContact",
  "purpose",
  "categoryId",
  "amount",
  "reference",
] as const;

/**
 * The form's rules (./__cash-over.schema.ts), with and without the customer choosing the partner,
 * loaded when the form is first used (lib/lazy-validator.ts).
 */
const lazyCashOver = {
  choose: lazyValidator(() => import("./__cash-over.schema").then((m) => m.cashOverValidator(true))),
  bank: lazyValidator(() => import("./__cash-over.schema").then((m) => m.cashOverValidator(false))),
};

export default function CashOverScreen() {
  const {
    chosen,
    sources,
    sourcesError,
    partnersEnabled,
    partners,
    partnersError,
    idempotencyKey,
    pendingPaymentId,
    categories,
    categoriesError,
    draft,
    saved,
    prefill,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const validator = partnersEnabled ? lazyCashOver.choose : lazyCashOver.bank;
  return (
    <>
      <h1>{t("cash-over.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <section aria-labelledby="cash-how-title">
        <h2 id="cash-how-title">{t("cash-over.how-title")}</h2>
        <p>{t("cash-over.how-text")}</p>
      </section>
      <BeneficiaryPicker choices={saved.choices} chosen={saved.chosen} error={saved.error} />
      <ValidatedForm
        // A picked beneficiary fills the form: a new form (defaults apply on mount only).
        key={saved.chosen?.id ?? "none"}
        id="cash-over-form"
        // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
        data-unsaved-guard
        validator={validator}
        method="post"
        action={withBeneficiary(`/payments/cash-over/form?source=${encodeURIComponent(chosen)}`, saved.chosen)}
        noValidate={hydrated}
        defaultValues={{ ...draft, ...prefill, source: draft?.source ?? chosen }}
        className={styles.section}
      >
        <DraftNotice restored={!!draft} />
        <ValidatedErrorSummary order={FIELDS} />
        <AuthenticityTokenInput />
        <IdempotencyKeyInput fallback={idempotencyKey} />
        <ChosenBeneficiaryFields chosen={saved.chosen} />
        <SourceBalanceSelect sources={sources} error={sourcesError} />
        <p>
          <Link to="/payments/cash-over">{t("cash-over.change-balance")}</Link>
        </p>
        {partnersEnabled && partnersError ? (
          <ValidatedChoicesError id="pspPartnerId" label={t("cash-over.partner")} message={partnersError} required />
        ) : partnersEnabled ? (
          <ValidatedField as="select" name="pspPartnerId" label={t("cash-over.partner")} required>
            <option value="">{t("cash-over.partner-choose")}</option>
            {partners.map((p) => (
              <option key={p.id} value={p.id}>
                {p.address ? `${p.name} — ${p.address}` : p.name}
              </option>
            ))}
          </ValidatedField>
        ) : (
          <p data-testid="partner-bank-chooses">{t("cash-over.partner-bank-chooses")}</p>
        )}
        <ValidatedField
          name="beneficiaryName"
          readOnly={saved.chosen !== null}
          label={t("cash-over.collector-name")}
          hint={t("cash-over.collector-name-hint")}
          autoComplete="off"
          maxLength={140}
          required
        />
        <ValidatedField
          name="collectorContact"
          readOnly={saved.chosen !== null}
          label={t("cash-over.collector-phone")}
          hint={t("cash-over.collector-phone-hint")}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={20}
          required
        />
        <PaymentPurposeFields categories={categories} categoriesError={categoriesError} purposeRequired={false} />
        <PaymentFormEnd>
          <SaveDraftButton />
        </PaymentFormEnd>
        <DraftAutosave formId="cash-over-form" />
      </ValidatedForm>
    </>
  );
}
