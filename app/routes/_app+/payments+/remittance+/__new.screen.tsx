/**
 * The form of /payments/remittance/new (route module `new.tsx` beside it; its zod schema, shared
 * with the route's action, is ./__new.schema.ts): the balance to pay from (fiat only), the sum (amount rules at
 * the currency's scale: the API checks the scale, the form the format), the payee as on their
 * identity document (name, street address, city, country, phone in E.164, document number
 * optional), the purpose, and files (a plain multipart form). Loaded as its own chunk in the
 * browser (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Field } from "~/components/forms/Field";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { SourceBalanceSelect } from "~/components/forms/SourceBalanceSelect";
import { FormActions } from "~/components/forms/FormActions";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedAmountInput } from "~/components/forms/ValidatedAmountInput";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { lazyValidator } from "~/lib/lazy-validator";
import { useIsHydrated } from "~/lib/use-hydrated";
import { useCanSign } from "~/lib/use-can-sign";
import styles from "./remittance.module.css";
import type { loader } from "./new";

/** The form's fields in display order (errors summary, API error mapping). */
export const FIELDS = [
  "source",
  "sum",
  "payeeName",
  "payeeAddress",
  "payeeCity",
  "payeeCountry",
  "payeePhone",
  "payeeDocumentNumber",
  "description",
  "files",
] as const;

/** The form's rules (./__new.schema.ts), loaded when the form is first used (lib/lazy-validator.ts). */
const newOrderValidator = lazyValidator(() => import("./__new.schema").then((m) => m.newOrderValidator));

function FilesInput({ accept }: { accept: string }) {
  const { t } = useTranslation("remittance");
  const { error } = useField("files");
  return (
    <Field name="files" type="file" multiple accept={accept} label={t("new.files")} hint={t("new.files-hint")} error={error} />
  );
}

export default function NewRemittanceScreen() {
  const { sources, sourcesError, idempotencyKey, pendingOrderId, accept, countries } = useLoaderData<typeof loader>();
  const { t } = useTranslation("remittance");
  const hydrated = useIsHydrated();
  const canSign = useCanSign();
  return (
    <>
      <h1>{t("new.title")}</h1>
      {pendingOrderId && canSign ? (
        <Alert testId="pending-order">
          {t("new.pending")} <Link to={`/payments/remittance/${pendingOrderId}/sign`}>{t("new.pending-link")}</Link>
        </Alert>
      ) : null}
      {pendingOrderId && !canSign ? (
        <Alert testId="pending-order">
          {t("new.pending-signer")} <Link to={`/payments/remittance/${pendingOrderId}`}>{t("new.pending-view")}</Link>{" "}
          <Link to={`/payments/remittance/new?after=${pendingOrderId}`}>{t("new.pending-new")}</Link>
        </Alert>
      ) : null}
      {sources.length === 0 && !sourcesError ? (
        <Alert>{t("new.no-balances")}</Alert>
      ) : (
        <ValidatedForm
          id="remittance-form"
          // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
          data-unsaved-guard
          validator={newOrderValidator}
          method="post"
          action="/payments/remittance/new"
          encType="multipart/form-data"
          noValidate={hydrated}
        >
          <ValidatedErrorSummary order={FIELDS} />
          <AuthenticityTokenInput />
          <IdempotencyKeyInput fallback={idempotencyKey} />
          <h2>{t("new.order-title")}</h2>
          <SourceBalanceSelect sources={sources} error={sourcesError} />
          <ValidatedAmountInput name="sum" label={t("new.sum")} hint={t("new.sum-hint")} />
          <ValidatedField
            name="description"
            label={t("new.description")}
            hint={t("new.description-hint")}
            maxLength={140}
            required
          />
          <h2 className={styles.section}>{t("new.payee-title")}</h2>
          <p>{t("new.payee-intro")}</p>
          <ValidatedField name="payeeName" label={t("new.payee-name")} autoComplete="off" maxLength={140} required />
          <ValidatedField name="payeeAddress" label={t("new.payee-address")} autoComplete="off" maxLength={200} required />
          <ValidatedField name="payeeCity" label={t("new.payee-city")} autoComplete="off" maxLength={100} required />
          <ValidatedField as="select" name="payeeCountry" label={t("new.payee-country")} required>
            <option value="">{t("new.payee-country-choose")}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </ValidatedField>
          <ValidatedField
            name="payeePhone"
            type="tel"
            inputMode="tel"
            label={t("new.payee-phone")}
            hint={t("new.payee-phone-hint")}
            autoComplete="off"
            maxLength={20}
            required
          />
          <ValidatedField
            name="payeeDocumentNumber"
            label={t("new.payee-document")}
            hint={t("new.payee-document-hint")}
            autoComplete="off"
            maxLength={50}
          />
          <FilesInput accept={accept} />
          <FormActions>
            <SubmitButton>{t("new.submit")}</SubmitButton>
            <Link to="/payments/remittance">{t("new.cancel")}</Link>
          </FormActions>
        </ValidatedForm>
      )}
    </>
  );
}
