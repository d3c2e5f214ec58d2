/**
 * The international (SWIFT) payment form of /payments/international/form (route module
 * `form.tsx` beside it; its zod schema, shared with the route's action, is
 * ./__international.schema.ts). Loaded as its own chunk in the browser (lib/split-screen.tsx);
 * rendered from a static import on the server.
 *
 * Same rules as the server's rail (server/domain/payments/rails/swift.ts), from server/rules:
 * the bank's country must be the country in its BIC (letters 5–6); an IBAN (of that country) is
 * required when the bank's country uses IBANs (`isIbanCountry`; the loader lists those countries,
 * so the browser needs no IBAN registry before the form is used), else an account number; the
 * intermediary bank is validated only when "Use an intermediary bank" is checked; purpose required.
 */
import { useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { BeneficiaryPicker, ChosenBeneficiaryFields } from "~/components/forms/BeneficiaryPicker";
import { DraftAutosave, DraftNotice, SaveDraftButton } from "~/components/forms/DraftControls";
import { PaymentActions, PaymentReferenceField } from "~/components/forms/PaymentFormEnd";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PaymentPurposeFields } from "~/components/forms/PaymentPurposeFields";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { SourceBalanceSelect } from "~/components/forms/SourceBalanceSelect";
import { ValidatedAmountInput } from "~/components/forms/ValidatedAmountInput";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { parseSource } from "~/lib/balance-sources";
import { translateMessage } from "~/lib/i18n-message";
import { lazyValidator } from "~/lib/lazy-validator";
import { perScales, scaleOfCurrency } from "~/lib/currency-scales";
import { useAdoptChoices } from "~/lib/typed-before-hydration";
import { useIsHydrated } from "~/lib/use-hydrated";
import { BENEFICIARY_TYPES } from "./__international.fields";
import type { loader } from "./form";
import styles from "./international.module.css";

/** Field names in display order (error summary order; API errors for others become form errors). */
export const FIELDS = [
  "source",
  "beneficiaryType",
  "beneficiaryName",
  "address",
  "city",
  "postCode",
  "countryId",
  "bic",
  "bankName",
  "bankAddress",
  "bankCountry",
  "iban",
  "accountNumber",
  "useIntermediaryBank",
  "intermediaryBankName",
  "intermediaryBankBIC",
  "intermediaryBankAddress",
  "intermediaryBankCountry",
  "intermediaryBankCorrespondentAccount",
  "purpose",
  "categoryId",
  "amount",
  "reference",
] as const;

export const FORM_ID = "international-payment";

/**
 * The form's rules (./__international.schema.ts) for these scales, loaded when the form is first
 * used (lib/lazy-validator.ts); one per set of scales.
 */
const lazyInternational = perScales((scales) =>
  lazyValidator(() => import("./__international.schema").then((m) => m.internationalValidator(scales))),
);

function CountrySelect({
  name,
  label,
  hint,
  required,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation("payments");
  // In the page's language, sorted by name (the loader's: no name tables in the browser).
  const { countries } = useLoaderData<typeof loader>();
  return (
    <ValidatedField
      as="select"
      name={name}
      label={label}
      hint={hint}
      required={required}
      defaultValue=""
      onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
    >
      <option value="">{t("international.country-choose")}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </ValidatedField>
  );
}

/** INDIVIDUAL / COMPANY radios in a fieldset (its first radio carries the id the error summary links to). */
function BeneficiaryTypeField() {
  const { t } = useTranslation("payments");
  const { error, defaultValue } = useField("beneficiaryType");
  const errorText = translateMessage(t, error);
  const current = typeof defaultValue === "string" && defaultValue ? defaultValue : "INDIVIDUAL";
  return (
    <fieldset
      className={`${styles.choices} ${errorText ? styles.invalid : ""}`}
      aria-describedby={errorText ? "beneficiaryType-error" : undefined}
    >
      <legend className={styles.choicesLegend}>{t("international.beneficiary-type")}</legend>
      {errorText ? (
        <p id="beneficiaryType-error" className={styles.error}>
          {errorText}
        </p>
      ) : null}
      {BENEFICIARY_TYPES.map((type, i) => (
        <label key={type} className={styles.choice}>
          <input
            type="radio"
            name="beneficiaryType"
            value={type}
            id={i === 0 ? "beneficiaryType" : `beneficiaryType-${type}`}
            defaultChecked={current === type}
          />{" "}
          {t(`international.type-${type}`)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * "Use an intermediary bank" and its fields, hidden until the box is checked: by CSS from the
 * first paint (with JavaScript or without: international.module.css), and by `hidden` once
 * hydrated. Where CSS cannot (no `:has()`) they are shown under the box's hint that they are
 * needed only when the beneficiary's bank asked for one. They are validated only when checked.
 */
function IntermediaryBank() {
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const { defaultValue } = useField("useIntermediaryBank");
  const initial = defaultValue === "on" || defaultValue === "true" || defaultValue === true;
  const [used, setUsed] = useState(initial);
  useAdoptChoices(FORM_ID, { useIntermediaryBank: used ? "on" : "" }, (_, answer) => setUsed(answer === "on"));
  return (
    <>
      <div className={styles.checkbox}>
        <input
          type="checkbox"
          id="useIntermediaryBank"
          name="useIntermediaryBank"
          value="on"
          defaultChecked={initial}
          aria-controls="intermediary-bank"
          aria-describedby="useIntermediaryBank-hint"
          onChange={(e) => setUsed(e.currentTarget.checked)}
        />{" "}
        <label htmlFor="useIntermediaryBank">{t("international.use-intermediary")}</label>
        <p id="useIntermediaryBank-hint" className={styles.hint}>
          {t("international.intermediary-hint")}
        </p>
      </div>
      <fieldset id="intermediary-bank" className={styles.group} hidden={hydrated && !used}>
        <legend className={styles.legend}>{t("international.intermediary")}</legend>
        <ValidatedField
          name="intermediaryBankName"
          label={t("international.intermediary-name")}
          autoComplete="off"
          maxLength={140}
        />
        <ValidatedField
          name="intermediaryBankBIC"
          label={t("international.intermediary-bic")}
          hint={t("fields.bic-hint")}
          autoComplete="off"
          spellCheck={false}
        />
        <ValidatedField
          name="intermediaryBankAddress"
          label={t("international.intermediary-address")}
          hint={t("fields.optional")}
          autoComplete="off"
          maxLength={140}
        />
        <CountrySelect
          name="intermediaryBankCountry"
          label={t("international.intermediary-country")}
          hint={t("international.intermediary-country-hint")}
        />
        <ValidatedField
          name="intermediaryBankCorrespondentAccount"
          label={t("international.correspondent-account")}
          hint={t("fields.optional")}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
        />
      </fieldset>
    </>
  );
}

export default function InternationalScreen() {
  const {
    sources,
    sourcesError,
    scales,
    source,
    currencies,
    ibanCountries,
    categories,
    categoriesError,
    draft,
    idempotencyKey,
    pendingPaymentId,
    saved,
    prefill,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const validator = lazyInternational(scales);
  const filled = prefill ? { ...draft, ...prefill } : draft;
  const [bankCountry, setBankCountry] = useState(filled?.bankCountry ?? "");
  // Another beneficiary picked (client navigation): its bank's country decides the account note
  // (state reset during render, as React recommends over an effect).
  const chosenId = saved.chosen?.id ?? null;
  const [countryFor, setCountryFor] = useState(chosenId);
  if (countryFor !== chosenId) {
    setCountryFor(chosenId);
    setBankCountry(filled?.bankCountry ?? "");
  }
  const initialSource = source ?? draft?.source ?? sources[0]?.value ?? "";
  const [selected, setSelected] = useState(initialSource);
  useAdoptChoices(FORM_ID, { source: selected, bankCountry }, (name, answer) =>
    name === "source" ? setSelected(answer) : setBankCountry(answer),
  );
  const currency = parseSource(selected)?.currencyId;
  const scale = scaleOfCurrency(currency, scales);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLSelectElement;
    if (target.name === "source") setSelected(target.value);
  };
  return (
    <>
      <h1>{t("international.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <DraftNotice restored={!!draft} />
      {sources.length === 0 && !sourcesError ? (
        <Alert>{t("international.no-balance", { currencies: currencies.join(", ") })}</Alert>
      ) : (
        <>
          <BeneficiaryPicker choices={saved.choices} chosen={saved.chosen} error={saved.error} />
          <ValidatedForm
            // A picked beneficiary fills the form: a new form (defaults apply on mount only).
            key={saved.chosen?.id ?? "none"}
            id={FORM_ID}
            // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
            data-unsaved-guard
            validator={validator}
            method="post"
            noValidate={hydrated}
            defaultValues={{ ...filled, source: initialSource }}
            onChange={onChange}
          >
            <ValidatedErrorSummary order={FIELDS} />
            <AuthenticityTokenInput />
            <IdempotencyKeyInput fallback={idempotencyKey} />
            <ChosenBeneficiaryFields chosen={saved.chosen} />
            <SourceBalanceSelect sources={sources} error={sourcesError} />
            <fieldset className={styles.group}>
              <legend className={styles.legend}>{t("international.beneficiary")}</legend>
              <BeneficiaryTypeField />
              <ValidatedField
                name="beneficiaryName"
                readOnly={saved.chosen !== null}
                label={t("fields.beneficiary-name")}
                autoComplete="off"
                required
                maxLength={140}
              />
              <ValidatedField
                name="address"
                readOnly={saved.chosen !== null}
                label={t("international.address")}
                autoComplete="off"
                required
                maxLength={140}
              />
              <ValidatedField
                name="city"
                readOnly={saved.chosen !== null}
                label={t("international.city")}
                autoComplete="off"
                required
                maxLength={70}
              />
              <ValidatedField
                name="postCode"
                readOnly={saved.chosen !== null}
                label={t("international.post-code")}
                hint={t("fields.optional")}
                autoComplete="off"
                maxLength={16}
              />
              <CountrySelect name="countryId" label={t("international.country")} required />
            </fieldset>
            <fieldset className={styles.group}>
              <legend className={styles.legend}>{t("international.bank")}</legend>
              <ValidatedField
                name="bic"
                readOnly={saved.chosen !== null}
                label={t("fields.bic")}
                hint={t("fields.bic-hint")}
                autoComplete="off"
                spellCheck={false}
                required
              />
              <ValidatedField
                name="bankName"
                readOnly={saved.chosen !== null}
                label={t("international.bank-name")}
                autoComplete="off"
                required
                maxLength={140}
              />
              <ValidatedField
                name="bankAddress"
                readOnly={saved.chosen !== null}
                label={t("international.bank-address")}
                hint={t("fields.optional")}
                autoComplete="off"
                maxLength={140}
              />
              <CountrySelect
                name="bankCountry"
                label={t("international.bank-country")}
                hint={t("international.bank-country-hint")}
                required
                onChange={setBankCountry}
              />
              {/* With JavaScript the note names the one the chosen country needs. */}
              <p className={styles.note} aria-live="polite">
                {hydrated && bankCountry
                  ? t(
                      ibanCountries.includes(bankCountry)
                        ? "international.account-hint-iban"
                        : "international.account-hint-other",
                    )
                  : t("international.account-hint")}
              </p>
              <ValidatedField
                name="iban"
                readOnly={saved.chosen !== null}
                label={t("fields.iban")}
                hint={t("fields.iban-hint")}
                autoComplete="off"
                spellCheck={false}
              />
              <ValidatedField
                name="accountNumber"
                readOnly={saved.chosen !== null}
                label={t("international.account-number")}
                hint={t("international.account-number-hint")}
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
              />
            </fieldset>
            <IntermediaryBank />
            <PaymentPurposeFields categories={categories} categoriesError={categoriesError} purposeRequired />
            <ValidatedAmountInput
              label={currency ? t("international.amount", { currency }) : t("fields.amount")}
              hint={t("international.amount-hint", { count: scale })}
              scale={scale}
            />
            <PaymentReferenceField />
            <PaymentActions>
              <SaveDraftButton />
            </PaymentActions>
            <DraftAutosave formId={FORM_ID} />
          </ValidatedForm>
        </>
      )}
    </>
  );
}
