/**
 * The international (SWIFT) payment form of /payments/international/form (route module
 * `form.tsx` beside it) and its zod schema, shared with the route's action. Loaded as its own
 * chunk in the browser (lib/split-screen.tsx); rendered from a static import on the server.
 *
 * Same rules as the server's rail (server/domain/payments/rails/swift.ts), from server/rules:
 * the bank's country must be the country in its BIC (letters 5–6); an IBAN (of that country) is
 * required when the bank's country uses IBANs (`isIbanCountry`), else an account number; the
 * intermediary bank is validated only when "Use an intermediary bank" is checked; purpose required.
 */
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm, type Validator } from "remix-validated-form";
import { z } from "zod";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { BeneficiaryPicker, ChosenBeneficiaryFields } from "~/components/forms/BeneficiaryPicker";
import { DraftAutosave, DraftNotice, SaveDraftButton } from "~/components/forms/DraftControls";
import { PaymentActions } from "~/components/forms/PaymentFormEnd";
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
import { idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { useAdoptChoices } from "~/lib/typed-before-hydration";
import { useIsHydrated } from "~/lib/use-hydrated";
import { DEFAULT_SCALE, validateAmount } from "../../../../../server/rules/amount";
import { validateCountry } from "../../../../../server/rules/country";
import { isIbanCountry, validateBic, validateForeignAccountNumber, validateIban } from "../../../../../server/rules/iban";
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

const TOO_LONG = "errors:international.too-long";

/** Required text: trimmed, at least one character, at most `max` (the API's limits). */
const requiredText = (max: number, requiredKey: string) =>
  z.string({ required_error: requiredKey }).trim().min(1, requiredKey).max(max, TOO_LONG);

/** Optional text: trimmed, "" → undefined. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, TOO_LONG)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Raw optional text, checked by the object-level rules below (IBAN or account number, intermediary bank). */
const rawText = z
  .string()
  .optional()
  .transform((v) => v ?? "");

/**
 * A country select: ISO 3166-1 alpha-2 (server/rules/country.ts).
 * @param requiredKey the error when none is chosen, naming whose country it is: the form has two
 *   country selects, and two "Choose a country" in the error summary could not be told apart
 */
const countryField = (requiredKey: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const r = validateCountry(v);
      if (!r.ok) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: r.error === "required" ? requiredKey : `errors:country.${r.error}`,
        });
        return z.NEVER;
      }
      return r.country;
    });

const bicField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const r = validateBic(v);
    if (!r.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:bic.${r.error}` });
      return z.NEVER;
    }
    return r.bic;
  });

const BENEFICIARY_TYPES = ["INDIVIDUAL", "COMPANY"] as const;

/** The beneficiary's account: an IBAN of the bank's country where it uses IBANs, else an account number. */
function checkAccount(bankCountry: string, iban: string, accountNumber: string) {
  if (isIbanCountry(bankCountry)) {
    const r = validateIban(iban);
    if (!r.ok)
      return {
        ok: false as const,
        path: "iban",
        message: r.error === "required" ? "errors:international.iban-required" : `errors:iban.${r.error}`,
      };
    if (r.iban.slice(0, 2) !== bankCountry)
      return { ok: false as const, path: "iban", message: "errors:international.iban-country" };
    return { ok: true as const, iban: r.iban, accountNumber: undefined };
  }
  const r = validateForeignAccountNumber(accountNumber);
  if (!r.ok)
    return {
      ok: false as const,
      path: "accountNumber",
      message: r.error === "required" ? "errors:international.account-number-required" : `errors:account-number.${r.error}`,
    };
  return { ok: true as const, iban: undefined, accountNumber: r.accountNumber };
}

/** Decimals of `currency` in `scales` (the balances' currency scales), else 2. */
function scaleIn(scales: Readonly<Record<string, number>>, currency: string | undefined): number {
  return currency && Object.prototype.hasOwnProperty.call(scales, currency) ? scales[currency] : DEFAULT_SCALE;
}

/**
 * The zod schema for balances whose currency scales are `scales` (currency → decimals, from the
 * accounts' balances): the amount is checked at the scale of the chosen balance's currency.
 */
export function internationalSchema(scales: Readonly<Record<string, number>>) {
  return (
    z
      .object({
        source: requiredChoice("errors:account-required"),
        beneficiaryType: z
          .string()
          .optional()
          .transform((v, ctx) => {
            const type = BENEFICIARY_TYPES.find((t) => t === v);
            if (!type) {
              ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors:international.beneficiary-type-required" });
              return z.NEVER;
            }
            return type;
          }),
        beneficiaryName: requiredText(140, "errors:beneficiary-required"),
        address: requiredText(140, "errors:international.address-required"),
        city: requiredText(70, "errors:international.city-required"),
        postCode: optionalText(16),
        countryId: countryField("errors:international.country-required"),
        bic: bicField,
        bankName: requiredText(140, "errors:international.bank-name-required"),
        bankAddress: optionalText(140),
        bankCountry: countryField("errors:international.bank-country-required"),
        iban: rawText,
        accountNumber: rawText,
        useIntermediaryBank: z
          .string()
          .optional()
          .transform((v) => v === "on" || v === "true"),
        intermediaryBankName: rawText,
        intermediaryBankBIC: rawText,
        intermediaryBankAddress: rawText,
        intermediaryBankCountry: rawText,
        intermediaryBankCorrespondentAccount: rawText,
        purpose: requiredText(140, "errors:international.purpose-required"),
        categoryId: z
          .string()
          .optional()
          .transform((v) => (v ? v : undefined)),
        amount: rawText,
        reference: referenceField,
        idempotencyKey: idempotencyKeyField,
      })
      // Rules across fields; runs even when single fields failed, so every error shows at once
      // (failed fields hold zod's NEVER marker, hence the `typeof` checks).
      .superRefine((d, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
        if (typeof d.bic === "string" && typeof d.bankCountry === "string" && d.bic.slice(4, 6) !== d.bankCountry)
          issue("bankCountry", "errors:international.bank-country-bic");
        if (typeof d.bankCountry === "string") {
          const account = checkAccount(d.bankCountry, d.iban, d.accountNumber);
          if (!account.ok) issue(account.path, account.message);
        }
        if (d.useIntermediaryBank === true) {
          const name = d.intermediaryBankName.trim();
          if (!name) issue("intermediaryBankName", "errors:international.intermediary-name-required");
          else if (name.length > 140) issue("intermediaryBankName", TOO_LONG);
          const bic = validateBic(d.intermediaryBankBIC);
          if (!bic.ok) issue("intermediaryBankBIC", `errors:bic.${bic.error}`);
          if (d.intermediaryBankAddress.trim().length > 140) issue("intermediaryBankAddress", TOO_LONG);
          if (d.intermediaryBankCountry.trim()) {
            const country = validateCountry(d.intermediaryBankCountry);
            if (!country.ok) issue("intermediaryBankCountry", `errors:country.${country.error}`);
          }
          if (d.intermediaryBankCorrespondentAccount.trim().length > 40) issue("intermediaryBankCorrespondentAccount", TOO_LONG);
        }
        const amount = validateAmount(d.amount, { scale: scaleIn(scales, parseSource(d.source ?? "")?.currencyId) });
        if (!amount.ok) issue("amount", `errors:amount.${amount.error}`);
      })
      // Only reached when everything is valid: normalised values, the account the bank's country needs,
      // and the intermediary bank only when used.
      .transform((d) => {
        const account = checkAccount(d.bankCountry, d.iban, d.accountNumber);
        const intermediaryBic = validateBic(d.intermediaryBankBIC);
        const amount = validateAmount(d.amount, { scale: scaleIn(scales, parseSource(d.source)?.currencyId) });
        const intermediary = d.useIntermediaryBank
          ? {
              intermediaryBankName: d.intermediaryBankName.trim(),
              intermediaryBankBIC: intermediaryBic.ok ? intermediaryBic.bic : undefined,
              intermediaryBankAddress: d.intermediaryBankAddress.trim() || undefined,
              intermediaryBankCountry: d.intermediaryBankCountry.trim().toUpperCase() || undefined,
              intermediaryBankCorrespondentAccount: d.intermediaryBankCorrespondentAccount.trim() || undefined,
            }
          : {};
        return {
          source: d.source,
          beneficiaryType: d.beneficiaryType,
          beneficiaryName: d.beneficiaryName,
          address: d.address,
          city: d.city,
          postCode: d.postCode,
          countryId: d.countryId,
          bic: d.bic,
          bankName: d.bankName,
          bankAddress: d.bankAddress,
          bankCountry: d.bankCountry,
          iban: account.ok ? account.iban : undefined,
          accountNumber: account.ok ? account.accountNumber : undefined,
          useIntermediaryBank: d.useIntermediaryBank,
          ...intermediary,
          purpose: d.purpose,
          categoryId: d.categoryId,
          amount: amount.ok ? amount.value : "",
          reference: d.reference,
          idempotencyKey: d.idempotencyKey,
        };
      })
  );
}

export type InternationalFormData = z.output<ReturnType<typeof internationalSchema>>;

const validators = new Map<string, Validator<InternationalFormData>>();

/** The form's validator for these scales (one per set of scales, shared by renders and the action). */
export function internationalValidator(scales: Readonly<Record<string, number>>): Validator<InternationalFormData> {
  const key = JSON.stringify(Object.entries(scales).sort(([a], [b]) => a.localeCompare(b)));
  let validator = validators.get(key);
  if (!validator) {
    validator = withZod(internationalSchema(scales));
    validators.set(key, validator);
  }
  return validator;
}

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
 * "Use an intermediary bank" and its fields. Without JavaScript the fields are always shown
 * (with a hint that they are needed only when the beneficiary's bank asked for one); with
 * JavaScript they are hidden until the box is checked. They are validated only when checked.
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
  const validator = useMemo(() => internationalValidator(scales), [scales]);
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
  const scale = scaleIn(scales, currency);
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
                  ? t(isIbanCountry(bankCountry) ? "international.account-hint-iban" : "international.account-hint-other")
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
            <ValidatedField
              name="reference"
              label={t("fields.reference")}
              hint={t("fields.optional")}
              autoComplete="off"
              maxLength={140}
            />
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
