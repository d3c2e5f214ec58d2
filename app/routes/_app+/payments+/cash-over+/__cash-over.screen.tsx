/**
 * The form of /payments/cash-over/form (route module `form.tsx` beside it) and its zod schema,
 * shared with the route's action: pay-from balance (same currency as chosen on
 * /payments/cash-over), the PSP partner paying out the cash (a select when
 * GET /v1/settings/psp-partners offers the choice, else a sentence: the bank chooses; a partners
 * list the API refused: its error in the select's place), the
 * collector's full name and phone (E.164), purpose and category (optional), amount and
 * reference. Loaded as its own chunk in the browser (lib/split-screen.tsx); rendered from a
 * static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
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
import { amountField, idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
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

/** The collector's phone as the API takes it (server rail cash-over-counter): E.164, 8 to 15 digits. */
const E164 = /^\+[1-9]\d{7,14}$/;

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/**
 * @param partnersEnabled GET /v1/settings/psp-partners `enabled`: the customer must choose the partner
 */
export function cashOverSchema(partnersEnabled: boolean) {
  return z.object({
    source: requiredChoice("errors:account-required"),
    pspPartnerId: optionalText.refine((v) => !partnersEnabled || v !== undefined, "errors:cash-over.partner-required"),
    beneficiaryName: z
      .string({ required_error: "errors:cash-over.collector-name-required" })
      .trim()
      .min(1, "errors:cash-over.collector-name-required")
      .max(140, "errors:name-too-long"),
    collectorContact: z.string({ required_error: "errors:cash-over.collector-phone-required" }).transform((v, ctx) => {
      const phone = v.replace(/[\s\-()]/g, "");
      if (!phone || !E164.test(phone)) {
        const code = phone ? "collector-phone-invalid" : "collector-phone-required";
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:cash-over.${code}` });
        return z.NEVER;
      }
      return phone;
    }),
    purpose: optionalText.refine((v) => v === undefined || v.length <= 140, "errors:purpose-too-long"),
    categoryId: optionalText,
    amount: amountField(2),
    reference: referenceField,
    idempotencyKey: idempotencyKeyField,
  });
}

/** The form's validator (browser and action). */
export const cashOverValidator = (partnersEnabled: boolean) => withZod(cashOverSchema(partnersEnabled));

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
  const validator = useMemo(() => cashOverValidator(partnersEnabled), [partnersEnabled]);
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
